import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { CsvImport, csvToRows, type CsvRow } from './csv-import';

jest.setTimeout(60_000);

async function choose(container: HTMLElement, text: string) {
  const input = container.querySelector('input[type=file]') as HTMLInputElement;
  const file = new File([text], 'numbers.csv', { type: 'text/csv' });
  await act(async () => fireEvent.change(input, { target: { files: [file] } }));
}

describe('csvToRows', () => {
  it('keys rows by the header line', () => {
    expect(csvToRows('did,label\r\n15550001,"Main, HQ"\r\n15550002,\r\n')).toEqual({
      header: ['did', 'label'],
      rows: [
        { did: '15550001', label: 'Main, HQ' },
        { did: '15550002', label: '' },
      ],
    });
  });
});

describe('csvToRows separators', () => {
  it('reads semicolon and tab separated files by their header line', () => {
    const want = { header: ['code', 'price'], rows: [{ code: '49', price: '0,05' }] };
    expect(csvToRows('code;price\n49;"0,05"\n')).toEqual(want);
    expect(csvToRows('code\tprice\n49\t0,05\n')).toEqual(want);
  });
});

describe('CsvImport column mapping', () => {
  it('shows the guessed columns and sends nothing until the person confirms, then the renamed rows', async () => {
    const importRows = jest.fn(async (rows: CsvRow[]) => ({ results: rows.map((_, row) => ({ row, ok: true })) }));
    const { container } = renderWithProviders(
      <CsvImport
        importRows={importRows}
        requiredColumns={['price']}
        mapColumns={(header) => Object.fromEntries(header.map((h) => [h, h === 'Rate (USD)' ? 'price' : null]))}
      />,
    );
    await choose(container, 'Country;Rate (USD)\nGermany;0.05\n');
    const mapping = await screen.findByTestId('csv-mapping');
    expect(mapping.textContent).toContain('Rate (USD) → price');
    expect(mapping.textContent).toContain('Country → not imported');
    expect(importRows).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Import with these columns' })));
    await waitFor(() => expect(importRows).toHaveBeenCalledWith([{ price: '0.05' }], 0));
  });
});

describe('CsvImport', () => {
  it('posts rows in chunks and shows the result of every row', async () => {
    const calls: { rows: CsvRow[]; offset: number }[] = [];
    const importRows = jest.fn(async (rows: CsvRow[], offset: number) => {
      calls.push({ rows, offset });
      return {
        results: rows.map((r, i) =>
          r.did === 'bad' ? { row: i, ok: false, message: 'Invalid number' } : { row: i, ok: true },
        ),
      };
    });
    const onFinished = jest.fn();
    const { container } = renderWithProviders(
      <CsvImport importRows={importRows} chunkSize={2} requiredColumns={['did']} onFinished={onFinished} />,
    );
    await choose(container, 'did,label\n15550001,a\nbad,b\n15550003,c\n');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('2 imported, 1 failed'));
    expect(calls).toEqual([
      {
        rows: [
          { did: '15550001', label: 'a' },
          { did: 'bad', label: 'b' },
        ],
        offset: 0,
      },
      { rows: [{ did: '15550003', label: 'c' }], offset: 2 },
    ]);
    const table = screen.getByRole('table');
    const lines = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((tr) => tr.textContent);
    expect(lines).toEqual(['2Imported', '3FailedInvalid number', '4Imported']);
    expect(container.querySelector('.ant-progress')?.getAttribute('aria-valuenow')).toBe('3');
    expect(onFinished).toHaveBeenCalledWith([
      { line: 2, ok: true, message: undefined },
      { line: 3, ok: false, message: 'Invalid number' },
      { line: 4, ok: true, message: undefined },
    ]);
  });

  it('marks every row of a failed chunk with the server message and carries on', async () => {
    const importRows = jest
      .fn()
      .mockRejectedValueOnce({ status: 500, data: { code: 'error', detail: 'Import service down' } })
      .mockResolvedValueOnce({ results: [{ row: 0, ok: true }] });
    const { container } = renderWithProviders(<CsvImport importRows={importRows} chunkSize={1} />);
    await choose(container, 'did\n1\n2\n');
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe('1 imported, 1 failed'));
    expect(screen.getByText('Import service down')).toBeTruthy();
    expect(importRows).toHaveBeenCalledTimes(2);
  });

  it('refuses a file without the required columns', async () => {
    const importRows = jest.fn();
    const { container } = renderWithProviders(<CsvImport importRows={importRows} requiredColumns={['did', 'label']} />);
    await choose(container, 'number\n1\n');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain('Missing columns: did, label'));
    expect(importRows).not.toHaveBeenCalled();
  });

  it('reports a broken CSV file with the line to fix', async () => {
    const importRows = jest.fn();
    const { container } = renderWithProviders(<CsvImport importRows={importRows} />);
    await choose(container, 'did\n"unterminated\n');
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('Line 2: a quoted field is never closed'),
    );
    expect(importRows).not.toHaveBeenCalled();
  });
});
