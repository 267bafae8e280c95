import {
  buildInvoice,
  coveredInvoices,
  dueDate,
  invoiceNumber,
  invoiceStatus,
  InvoiceRuleError,
  parseDay,
  periodBounds,
  roundToDigits,
  type InvoiceLedgerRow,
} from './invoice-core';
import { parseMoney } from '../lib/money';

const at = (iso: string) => new Date(iso);
const row = (
  kind: InvoiceLedgerRow['kind'],
  amount: string,
  created: string,
  memo: string | null = null,
): InvoiceLedgerRow => ({ kind, amount: parseMoney(amount), memo, created_on: at(created) });

describe('invoice generation from ledger rows', () => {
  const march = periodBounds('2026-03-01', '2026-03-31', '2026-04-02');

  it('takes whole UTC days, both ends included: the first and last instant count, a millisecond outside does not', () => {
    expect(march).toEqual({ from: at('2026-03-01T00:00:00.000Z'), to: at('2026-04-01T00:00:00.000Z') });
    const draft = buildInvoice(
      [
        row('sms_charge', '-1', '2026-02-28T23:59:59.999Z'),
        row('sms_charge', '-2', '2026-03-01T00:00:00.000Z'),
        row('sms_charge', '-4', '2026-03-31T23:59:59.999Z'),
        row('sms_charge', '-8', '2026-04-01T00:00:00.000Z'),
      ],
      march,
    );
    expect(draft.lines).toEqual([
      { kind: 'sms_charge', description: 'SMS usage', quantity: 2, amount: parseMoney('6') },
    ]);
    expect(draft.total).toBe(parseMoney('6'));
  });

  it('sums a hundred thousand 0.0035 charges exactly in micro-units, one line per kind and cause', () => {
    const rows: InvoiceLedgerRow[] = [];
    for (let i = 0; i < 100_000; i++)
      rows.push(row('sms_charge', '-0.0035', '2026-03-15T10:00:00Z', i % 4 ? 'SMS to United States' : 'SMS to Canada'));
    rows.push(row('did_fee', '-1.25', '2026-03-01T00:00:00Z'), row('did_fee', '-1.25', '2026-03-01T00:00:00Z'));
    rows.push(row('refund', '0.0105', '2026-03-20T00:00:00Z', 'Failed messages'));
    rows.push(row('adjustment', '-0.333333', '2026-03-21T00:00:00Z'));
    rows.push(row('payment', '500', '2026-03-02T00:00:00Z'), row('payment', '0.01', '2026-03-03T00:00:00Z'));
    rows.push(row('invoice', '-99', '2026-03-04T00:00:00Z'));
    const draft = buildInvoice(rows, march);
    expect(draft.lines.map((l) => [l.kind, l.description, l.quantity, l.amount])).toEqual([
      ['sms_charge', 'SMS to Canada', 25_000, 87_500_000n],
      ['sms_charge', 'SMS to United States', 75_000, 262_500_000n],
      ['did_fee', 'DID monthly fees', 2, 2_500_000n],
      ['adjustment', 'Adjustments', 1, 333_333n],
      ['refund', 'Failed messages', 1, -10_500n],
    ]);
    // lines to the micro-unit; the total 350 + 2.50 + 0.333333 − 0.0105 = 352.822833 to the cent, half-up
    expect(draft.total).toBe(352_820_000n);
    expect(draft.payments_received).toBe(500_010_000n);
  });

  it('rounds the total once, to the currency digits, half-up: 2.335 is 2.34 on the list and the PDF alike', () => {
    const draft = buildInvoice(
      [row('sms_charge', '-2.335', '2026-03-05T00:00:00Z'), row('did_fee', '-0', '2026-03-05T00:00:00Z')],
      march,
    );
    expect(draft.lines[0].amount).toBe(parseMoney('2.335'));
    expect(draft.total).toBe(parseMoney('2.34'));
    expect(roundToDigits(parseMoney('2.334999'), 2)).toBe(parseMoney('2.33'));
    expect(roundToDigits(parseMoney('-2.335'), 2)).toBe(parseMoney('-2.34'));
    // a currency without minor units (JPY) rounds to the unit; one with three (BHD) to the mil
    expect(roundToDigits(parseMoney('1234.5'), 0)).toBe(parseMoney('1235'));
    expect(roundToDigits(parseMoney('1.2345'), 3)).toBe(parseMoney('1.235'));
  });

  it('has no lines when the period holds only payments', () => {
    const draft = buildInvoice([row('payment', '10', '2026-03-05T00:00:00Z')], march);
    expect(draft).toEqual({ lines: [], total: 0n, payments_received: parseMoney('10') });
  });

  it('refuses periods that end before they start, end in the future, span over a year or name impossible days', () => {
    const field = (f: () => unknown) => {
      try {
        f();
      } catch (e) {
        return e instanceof InvoiceRuleError ? `${e.field}: ${e.message}` : String(e);
      }
      return 'accepted';
    };
    expect(field(() => periodBounds('2026-03-02', '2026-03-01', '2026-04-01'))).toBe(
      'period_end: The period ends before it starts',
    );
    expect(field(() => periodBounds('2026-03-01', '2026-04-02', '2026-04-01'))).toBe(
      'period_end: The period cannot end after today',
    );
    expect(field(() => periodBounds('2026-04-01', '2026-04-01', '2026-04-01'))).toBe('accepted');
    expect(field(() => periodBounds('2024-01-01', '2024-12-31', '2026-04-01'))).toBe('accepted');
    expect(field(() => periodBounds('2024-01-01', '2025-01-01', '2026-04-01'))).toMatch(
      /^period_end: A period spans at most 366 days/,
    );
    expect(field(() => periodBounds('2026-02-30', '2026-03-01', '2026-04-01'))).toBe(
      'period_start: Enter a date as YYYY-MM-DD',
    );
    expect(field(() => parseDay('2026-3-01'))).toBe('date: Enter a date as YYYY-MM-DD');
  });

  it('dates the due day from the payment term, and is overdue only after it', () => {
    expect(dueDate('2026-01-31', 30)).toBe('2026-03-02');
    expect(dueDate('2028-02-28', 1)).toBe('2028-02-29');
    expect(dueDate('2026-12-20', null)).toBe('2027-01-19');
    expect(invoiceStatus(false, '2026-03-02', '2026-03-02')).toBe('issued');
    expect(invoiceStatus(false, '2026-03-02', '2026-03-03')).toBe('overdue');
    expect(invoiceStatus(true, '2026-03-02', '2026-09-03')).toBe('paid');
  });

  it('numbers invoices from the counter and marks paid only those the credit covers whole, oldest first', () => {
    expect(invoiceNumber('INV', 1)).toBe('INV-000001');
    expect(invoiceNumber('INV', 1234567)).toBe('INV-1234567');
    const inv = (id: string, total: string) => ({ id, total: parseMoney(total) });
    const unpaid = [inv('a', '10'), inv('b', '5.000001'), inv('c', '1')];
    expect(coveredInvoices(unpaid, parseMoney('15')).map((i) => i.id)).toEqual(['a']);
    expect(coveredInvoices(unpaid, parseMoney('15.000001')).map((i) => i.id)).toEqual(['a', 'b']);
    expect(coveredInvoices(unpaid, parseMoney('9.99'))).toEqual([]);
  });
});
