import { moneyCell, parseCsv } from '@smsc/shared-util';
import { csvCellValue, rowsCsv, textOf } from './csv-values';
import type { ResourceColumn } from './types';

interface Number {
  did: string;
  type: string;
  is_toll_free: boolean;
  monthly_price: string;
  note: string | null;
  status: string;
}

const TYPE_LABELS: Record<string, string> = { sms: 'SMS', sms_voice: 'SMS + voice' };
const columns: ResourceColumn<Number>[] = [
  { key: 'did', title: 'Number', render: (v) => `+1 ${String(v).slice(2, 5)} ${String(v).slice(5)}` },
  { key: 'type', title: 'Type', options: [{ value: 'sms_voice', label: 'SMS + voice' }] },
  { key: 'is_toll_free', title: 'Toll-free' },
  { key: 'monthly_price', title: 'Monthly', money: true, render: (v) => <b>USD {Number(v).toFixed(2)}</b> },
  { key: 'note', title: 'Note' },
  { key: 'status', title: 'Status', render: (v) => <span className="tag">{TYPE_LABELS[String(v)] ?? String(v)}</span> },
];

describe('list export values', () => {
  it('writes what the list shows: labels, yes/no; money as a number beside its currency; E.164 numbers as written', () => {
    const csv = rowsCsv(columns, [
      {
        did: '+14152021234',
        type: 'sms_voice',
        is_toll_free: false,
        monthly_price: '1.0000',
        note: '=1+2',
        status: 'sms',
      },
    ]);
    expect(parseCsv(csv)).toEqual([
      ['Number', 'Type', 'Toll-free', 'Monthly', 'Currency', 'Note', 'Status'],
      ['+14152021234', 'SMS + voice', 'No', '1.00', 'USD', "'=1+2", 'SMS'],
    ]);
    expect(csv).not.toContain("'+1");
  });

  it('writes a moneyCell column as a signed number, never as text like "-USD 1.00", with the row’s currency', () => {
    interface Entry {
      kind: string;
      amount: string;
      balance_after: string;
      currency?: string;
    }
    const money: ResourceColumn<Entry>[] = [
      { key: 'kind', title: 'Type' },
      { key: 'amount', title: 'Amount', render: moneyCell },
      { key: 'balance_after', title: 'Balance after', render: moneyCell },
    ];
    const csv = rowsCsv(money, [
      { kind: 'Fee', amount: '-1.000000', balance_after: '1234.5', currency: 'USD' },
      { kind: 'Top-up', amount: '10', balance_after: '10', currency: 'EUR' },
      { kind: 'Old', amount: '0.012', balance_after: '0' },
    ]);
    expect(parseCsv(csv)).toEqual([
      ['Type', 'Amount', 'Balance after', 'Currency'],
      ['Fee', '-1.00', '1234.50', 'USD'],
      ['Top-up', '10.00', '10.00', 'EUR'],
      ['Old', '0.012', '0.00', 'USD'],
    ]);
    expect(csv).not.toMatch(/USD \d|'-/);
  });

  it('takes a column’s own csv value over its render', () => {
    const col: ResourceColumn<Number> = { key: 'note', title: 'Note', render: () => '…', csv: (v) => `full: ${v}` };
    expect(csvCellValue(col, { note: 'long text' } as Number)).toBe('full: long text');
  });

  it('reads the text through nested elements and arrays', () => {
    expect(
      textOf(
        <span>
          {['a', 1]}
          <i>b</i>
          {null}
        </span>,
      ),
    ).toBe('a1b');
  });
});
