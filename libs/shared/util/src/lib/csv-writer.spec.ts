import { csvCell, csvMoney, csvText, neutraliseFormula } from './csv-writer';
import { parseCsv } from './csv';

describe('the one CSV writer', () => {
  it('leaves E.164 numbers and negative amounts as written, in any column', () => {
    expect(csvCell('+14152021234')).toBe('+14152021234');
    expect(csvCell('+14152021234', 'phone')).toBe('+14152021234');
    expect(csvCell('-0.25')).toBe('-0.25');
    expect(csvCell('-1,234.50')).toBe('"-1,234.50"');
  });

  it('neutralises text a spreadsheet would run as a formula', () => {
    expect(neutraliseFormula('=HYPERLINK("http://x","y")')).toBe('\'=HYPERLINK("http://x","y")');
    expect(csvCell('+1+cmd|calc')).toBe("'+1+cmd|calc");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tx')).toBe("'\tx");
    expect(csvCell('+')).toBe("'+");
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes yes/no, exact money with the currency digits, and instants in UTC', () => {
    expect(csvCell(false)).toBe('No');
    expect(csvCell(true)).toBe('Yes');
    expect(csvCell('false', 'boolean')).toBe('No');
    expect(csvCell('1.0000', 'money')).toBe('1.00');
    expect(csvCell('0.0120', 'money')).toBe('0.012');
    expect(csvCell('-5', 'money')).toBe('-5.00');
    expect(csvMoney('-0.000', 'USD')).toBe('0.00');
    expect(csvMoney('12.5', 'JPY')).toBe('12.5');
    expect(csvMoney('12', 'BHD')).toBe('12.000');
    expect(csvMoney('n/a')).toBe('n/a');
    expect(csvCell(new Date(Date.UTC(2026, 0, 2, 3, 4, 5)), 'datetime')).toBe('2026-01-02T03:04:05.000Z');
    expect(csvCell(null, 'money')).toBe('');
  });

  it('writes a header of titles and CRLF lines that parse back to the same values', () => {
    const text = csvText(
      [
        { key: 'to', title: 'To', kind: 'phone' },
        { key: 'note', title: 'Note, "quoted"' },
        { key: 'price', title: 'Price', kind: 'money', currency: 'EUR' },
      ],
      [{ to: '+4420', note: 'line\nbreak', price: '2.5000' }],
    );
    expect(text).toBe('To,"Note, ""quoted""",Price\r\n+4420,"line\nbreak",2.50\r\n');
    expect(parseCsv(text)).toEqual([
      ['To', 'Note, "quoted"', 'Price'],
      ['+4420', 'line\nbreak', '2.50'],
    ]);
  });

  it('writes a datetime column in its zone as the console shows times, and in ISO 8601 UTC without one', () => {
    const fields = [{ key: 'time', title: 'Time (Asia/Kolkata)', kind: 'datetime' as const, zone: 'Asia/Kolkata' }];
    expect(csvText(fields, [{ time: '2026-03-10T18:40:00.000Z' }])).toBe('Time (Asia/Kolkata)\r\n2026-03-11 00:10\r\n');
    expect(csvCell('2026-03-10T18:40:00.000Z', 'datetime')).toBe('2026-03-10T18:40:00.000Z');
    expect(csvCell(null, 'datetime', undefined, 'Asia/Kolkata')).toBe('');
  });
});
