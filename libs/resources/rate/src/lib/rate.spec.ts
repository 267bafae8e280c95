import { guessRateColumns, importRateRows } from './rate-import';

describe('importRateRows', () => {
  it('asks first (the preview of a re-import) and sends nothing when the person cancels', async () => {
    const send = jest.fn(async () => ({ imported: 1 }));
    const confirm = jest.fn(async () => false);
    const out = await importRateRows(send, [{ code: '44', price: '0.05' }], confirm);
    expect(confirm).toHaveBeenCalledWith('code,price\n44,0.05\n');
    expect(send).not.toHaveBeenCalled();
    expect(out.results).toEqual([{ row: 0, ok: false, message: 'Not imported: the import was cancelled' }]);
    const applied = await importRateRows(send, [{ code: '44', price: '0.05' }], async () => true);
    expect(send).toHaveBeenCalledTimes(1);
    expect(applied.results).toEqual([{ row: 0, ok: true, message: 'Imported' }]);
  });

  it("sends the rows as one CSV in the file's column order, quoting where needed, and marks every line imported", async () => {
    const send = jest.fn(async () => ({ imported: 2 }));
    const out = await importRateRows(send, [
      { code: '44', price: '0.05', note: 'a, "b"' },
      { code: '4477', price: '0.06', note: '' },
    ]);
    expect(send).toHaveBeenCalledWith('code,price,note\n44,0.05,"a, ""b"""\n4477,0.06,\n');
    expect(out.results).toEqual([
      { row: 0, ok: true, message: 'Imported' },
      { row: 1, ok: true, message: 'Imported' },
    ]);
  });

  it('puts each problem the server names on its line and holds the other lines back with the file', async () => {
    const send = jest.fn(async () => {
      throw {
        status: 400,
        data: {
          errors: [
            { field: 'line 3', code: 'invalid', detail: 'code "44x" is not 1 to 15 digits' },
            { field: 'line 4 (mobile_network_uuid)', code: 'invalid', detail: 'Unknown mobile network' },
            { field: 'more', code: 'invalid', detail: '3 more lines have problems' },
          ],
        },
      };
    });
    const out = await importRateRows(send, [
      { code: '44', price: '1' },
      { code: '44x', price: '1' },
      { code: '', price: '1' },
    ]);
    expect(out.results).toEqual([
      { row: 0, ok: false, message: 'Not imported: the file has errors on other lines (3 more lines have problems)' },
      { row: 1, ok: false, message: 'code "44x" is not 1 to 15 digits' },
      { row: 2, ok: false, message: '(mobile_network_uuid) Unknown mobile network' },
    ]);
  });

  it('passes a problem with the file itself (its header, a missing deck) up, so every line shows it', async () => {
    const header = {
      status: 400,
      data: { errors: [{ field: 'line 1', code: 'invalid', detail: 'The header needs price and code' }] },
    };
    await expect(importRateRows(async () => Promise.reject(header), [{ price: '1' }])).rejects.toBe(header);
    const missing = { status: 404, data: { code: 'error', detail: 'Vendor product not found' } };
    await expect(importRateRows(async () => Promise.reject(missing), [{ price: '1' }])).rejects.toBe(missing);
  });
});

describe('guessRateColumns', () => {
  it("maps a vendor deck's headers to the import's fields, leaving the rest out", () => {
    expect(guessRateColumns(['Country', 'MCC', 'MNC', 'Rate (USD)'])).toEqual({
      Country: null,
      MCC: 'mcc',
      MNC: 'mnc',
      'Rate (USD)': 'price',
    });
    expect(guessRateColumns(['Prefix', 'Price', 'Effective date'])).toEqual({
      Prefix: 'code',
      Price: 'price',
      'Effective date': 'effective_from',
    });
    // an exported file maps onto itself
    expect(guessRateColumns(['code', 'mobile_network_uuid', 'price', 'effective_from'])).toEqual({
      code: 'code',
      mobile_network_uuid: 'mobile_network_uuid',
      price: 'price',
      effective_from: 'effective_from',
    });
  });
});
