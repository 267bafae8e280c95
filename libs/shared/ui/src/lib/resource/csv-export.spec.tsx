import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders } from '@smsc/shared-testing';
import { collectRows, CsvExportButton, ExportCancelled, rowsCsv } from './csv-export';
import type { ListQueryArg, ListResult } from './types';
import { companies, type Company } from './test-fixtures';

jest.setTimeout(30_000);

const company = (id: number): Company => ({
  id,
  name: `Co ${id}`,
  email: `co${id}@x.test`,
  status: 'active',
  is_admin: false,
});
const all = Array.from({ length: 25 }, (_, i) => company(i + 1));
const idOf = (c: Company) => String(c.id);

/** A server over `data`: pages from 0, reporting the filter's total. */
function server(data: Company[] = all) {
  const calls: ListQueryArg[] = [];
  const fetchPage = jest.fn(async (arg: ListQueryArg): Promise<ListResult<Company>> => {
    calls.push(arg);
    const from = arg.page * arg.per_page;
    return { items: data.slice(from, from + arg.per_page), total: data.length, per_page: arg.per_page };
  });
  return { fetchPage, calls };
}

const onScreen = { page: 2, per_page: 10, order_by: 'name', order_dir: 'asc' as const, name: '*co*' };

describe('collectRows', () => {
  it('reads every page of the filter, keeping its order and filters and replacing the paging', async () => {
    const { fetchPage, calls } = server();
    const progress: string[] = [];
    const out = await collectRows({
      queryArg: onScreen,
      rows: all.slice(20),
      total: 25,
      fetchPage,
      idOf,
      pageSize: 10,
      onProgress: (done, pages) => progress.push(`${done}/${pages}`),
    });
    expect(out.rows.map((r) => r.id)).toEqual(all.map((r) => r.id));
    expect(out.truncated).toBe(false);
    expect(calls).toEqual([0, 1, 2].map((page) => ({ ...onScreen, page, per_page: 10 })));
    expect(progress).toEqual(['1/3', '2/3', '3/3']);
  });

  it('fetches nothing when the first page on screen already holds the whole filter', async () => {
    const { fetchPage } = server();
    const out = await collectRows({
      queryArg: { ...onScreen, page: 0, per_page: 50 },
      rows: all,
      total: 25,
      fetchPage,
      idOf,
    });
    expect(fetchPage).not.toHaveBeenCalled();
    expect(out.rows).toHaveLength(25);
  });

  it('without a page reader it exports the rows on screen', async () => {
    const out = await collectRows({ queryArg: onScreen, rows: all.slice(0, 10), total: 25, idOf });
    expect(out.rows).toHaveLength(10);
  });

  it('keeps a row once when it moves to the next page while reading', async () => {
    // the second answer repeats row 10 (a row was inserted before it between the two reads)
    const fetchPage = jest.fn(async (arg: ListQueryArg) =>
      arg.page === 0
        ? { items: all.slice(0, 10), total: 21, per_page: 10 }
        : arg.page === 1
          ? { items: all.slice(9, 19), total: 21, per_page: 10 }
          : { items: all.slice(19, 21), total: 21, per_page: 10 },
    );
    const out = await collectRows({ queryArg: onScreen, rows: [], total: 21, fetchPage, idOf, pageSize: 10 });
    expect(out.rows.map((r) => r.id)).toEqual(all.slice(0, 21).map((r) => r.id));
  });

  it('stops at the row limit and says the export was cut short', async () => {
    const { fetchPage } = server();
    const out = await collectRows({
      queryArg: onScreen,
      rows: [],
      total: 25,
      fetchPage,
      idOf,
      pageSize: 10,
      limit: 15,
    });
    expect(fetchPage).toHaveBeenCalledTimes(2);
    expect(out.rows).toHaveLength(15);
    expect(out.truncated).toBe(true);
  });

  it('cancels at once, without waiting for the page being read', async () => {
    const controller = new AbortController();
    const fetchPage = jest.fn(() => new Promise<ListResult<Company>>(() => undefined));
    const reading = collectRows({
      queryArg: onScreen,
      rows: [],
      total: 25,
      fetchPage,
      idOf,
      signal: controller.signal,
    });
    controller.abort();
    await expect(reading).rejects.toBeInstanceOf(ExportCancelled);
  });

  it('passes a failed page up as it came', async () => {
    const failure = { status: 500, data: { code: 'error', detail: 'db down' } };
    await expect(
      collectRows({ queryArg: onScreen, rows: [], total: 25, fetchPage: () => Promise.reject(failure), idOf }),
    ).rejects.toBe(failure);
  });
});

describe('CsvExportButton', () => {
  let saved: { name: string; text: string } | null;
  beforeEach(() => {
    saved = null;
    // jsdom has no Blob URLs; keep what would have been saved
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved = { name: this.download, text: this.href };
    });
  });
  afterEach(() => jest.restoreAllMocks());

  const renderButton = (fetchPage: (arg: ListQueryArg) => Promise<ListResult<Company>>, onExported = jest.fn()) =>
    renderWithProviders(
      <CsvExportButton<Company>
        name="companies"
        title="Companies"
        columns={companies.columns.slice(0, 2)}
        queryArg={onScreen}
        rows={all.slice(20)}
        total={25}
        fetchPage={fetchPage}
        idOf={idOf}
        onExported={onExported}
      />,
    );

  it('downloads every row of the filter as a dated file and says how many', async () => {
    const onExported = jest.fn();
    const { store } = renderButton(server().fetchPage, onExported);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    await waitFor(() => expect(onExported).toHaveBeenCalled());
    const [csv, rows] = onExported.mock.calls[0];
    expect(rows).toHaveLength(25);
    expect(csv).toBe(rowsCsv(companies.columns.slice(0, 2), all));
    expect(csv.split('\r\n')[1]).toBe('1,Co 1');
    expect(saved?.name).toMatch(/^companies-\d{4}-\d{2}-\d{2}\.csv$/);
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Exported 25 companies' });
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
  });

  it('shows progress with a Cancel button; cancelling saves nothing and says nothing', async () => {
    let answer: (page: ListResult<Company>) => void = () => undefined;
    const fetchPage = jest.fn(() => new Promise<ListResult<Company>>((resolve) => (answer = resolve)));
    const { store } = renderButton(fetchPage);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    expect(screen.getByRole('status').textContent).toBe('Preparing…');
    await act(async () =>
      answer({ items: Array.from({ length: 1000 }, (_, i) => company(i + 1)), total: 2500, per_page: 1000 }),
    );
    expect(screen.getByRole('status').textContent).toBe('33% (1 of 3 pages)');
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel export' })));
    expect(screen.getByRole('button', { name: /Export CSV/ })).toBeTruthy();
    expect(saved).toBeNull();
    expect(store.getState().toast.current).toBeNull();
  });

  it('shows a failed read as an error toast and saves nothing', async () => {
    const { store } = renderButton(() =>
      Promise.reject({ status: 403, data: { code: 'error', detail: 'Not allowed' } }),
    );
    await act(async () => fireEvent.click(screen.getByRole('button', { name: /Export CSV/ })));
    await waitFor(() => expect(store.getState().toast.current).toMatchObject({ kind: 'error', text: 'Not allowed' }));
    expect(saved).toBeNull();
  });
});
