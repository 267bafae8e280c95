import type { CsvRecord } from '../../lib/csv';
import { parseRateCsv, parseRateRecords } from './rate-import';

describe('the rate import row cap', () => {
  it('refuses at the first line over 200,000 without reading further', async () => {
    let pulled = 0;
    async function* endless(): AsyncGenerator<CsvRecord> {
      yield { line: 1, fields: ['code', 'price'] };
      for (let line = 2; ; line++) {
        pulled++;
        yield { line, fields: ['44', '0.01'] };
      }
    }
    await expect(parseRateRecords(endless(), () => undefined)).rejects.toMatchObject({
      fields: { 'line 200002': 'At most 200,000 rates per file' },
    });
    expect(pulled).toBe(200_001);
  });

  it('reads a CSV given whole the same way, and still checks every line under the cap', async () => {
    await expect(parseRateCsv('code,price\n44,0.01\n45,x\n', () => undefined)).rejects.toMatchObject({
      fields: { 'line 3': 'price "x" is not a non-negative decimal with up to 6 places' },
    });
    await expect(parseRateCsv('code,price\n44,0.01\r\n"45",0.2', () => undefined)).resolves.toEqual([
      { code: '44', mobile_network_uuid: null, price: '0.01', effective_from: undefined },
      { code: '45', mobile_network_uuid: null, price: '0.2', effective_from: undefined },
    ]);
    await expect(parseRateCsv('', () => undefined)).rejects.toMatchObject({ fields: { 'line 1': expect.any(String) } });
    await expect(parseRateCsv('code,price\n', () => undefined)).rejects.toMatchObject({
      fields: { 'line 2': 'The file has no rates under its header' },
    });
  });
});
