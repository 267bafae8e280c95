import { importResellerRows } from './reseller.resource';

describe('reseller CSV import', () => {
  it('posts one chunk as a reseller_name CSV, quoting names that need it, and reports every row', async () => {
    const send = jest.fn().mockResolvedValue({ imported: 2 });
    const answer = await importResellerRows(send, [{ reseller_name: 'North' }, { reseller_name: 'Say "hi", Ltd' }]);
    expect(send).toHaveBeenCalledWith('reseller_name\nNorth\n"Say ""hi"", Ltd"\n');
    expect(answer.results).toEqual([
      { row: 0, ok: true, message: 'Imported (2 in this request)' },
      { row: 1, ok: true, message: 'Imported (2 in this request)' },
    ]);
  });

  it('keeps a leading = or - as typed (no spreadsheet guard on the way in)', async () => {
    const send = jest.fn().mockResolvedValue({ imported: 1 });
    await importResellerRows(send, [{ reseller_name: '-Dash' }]);
    expect(send).toHaveBeenCalledWith('reseller_name\n-Dash\n');
  });

  it('a rejected chunk rejects, so the import screen marks its rows failed with the server message', async () => {
    const failure = { status: 409, data: { code: 'error', detail: 'A reseller with that name exists' } };
    await expect(importResellerRows(jest.fn().mockRejectedValue(failure), [{ reseller_name: 'North' }])).rejects.toBe(
      failure,
    );
  });
});
