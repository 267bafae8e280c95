// Invoices as pure functions over ledger rows, so totals, period edges and due dates are tested
// without a database; invoices.ts only loads the rows and stores what these decide.
import type { LedgerKind } from './ledger-core';

export interface InvoiceLedgerRow {
  kind: LedgerKind;
  /** signed micro-units as posted: charges < 0, credits > 0 */
  amount: bigint;
  memo: string | null;
  created_on: Date;
}

export interface InvoiceLineDraft {
  kind: LedgerKind;
  description: string;
  /** how many ledger entries the line sums */
  quantity: number;
  /** what the line adds to the bill, micro-units: a charge is positive, a refund or credit negative */
  amount: bigint;
}

export interface InvoiceDraft {
  lines: InvoiceLineDraft[];
  /** the sum of the lines rounded to the currency's digits (roundToDigits); no taxes in the spec */
  total: bigint;
  /** payments credited during the period: shown on the invoice, not netted into its total */
  payments_received: bigint;
}

export class InvoiceRuleError extends Error {
  constructor(
    public readonly field: string,
    message: string,
  ) {
    super(message);
  }
}

const DAY_MS = 86_400_000;
const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** 'YYYY-MM-DD' → that day's UTC midnight; impossible dates (2026-02-30) are refused, not rolled over. */
export function parseDay(text: string, field = 'date'): Date {
  const m = DAY.exec(text);
  const d = m ? new Date(Date.UTC(+m[1], +m[2] - 1, +m[3])) : null;
  if (!m || !d || d.getUTCFullYear() !== +m[1] || d.getUTCMonth() !== +m[2] - 1 || d.getUTCDate() !== +m[3]) {
    throw new InvoiceRuleError(field, 'Enter a date as YYYY-MM-DD');
  }
  return d;
}

export const dayText = (d: Date) => d.toISOString().slice(0, 10);
export const addDays = (day: string, days: number) => dayText(new Date(parseDay(day).getTime() + days * DAY_MS));

export const MAX_PERIOD_DAYS = 366;

/**
 * A billing period is whole UTC days, both ends included: [start 00:00, end + 1 day 00:00).
 * It may not end in the future (usage of an unfinished day would be missed) nor span more than a year.
 */
export function periodBounds(start: string, end: string, today: string): { from: Date; to: Date } {
  const from = parseDay(start, 'period_start');
  const last = parseDay(end, 'period_end');
  if (last < from) throw new InvoiceRuleError('period_end', 'The period ends before it starts');
  if (last > parseDay(today)) throw new InvoiceRuleError('period_end', 'The period cannot end after today');
  if ((last.getTime() - from.getTime()) / DAY_MS + 1 > MAX_PERIOD_DAYS)
    throw new InvoiceRuleError('period_end', `A period spans at most ${MAX_PERIOD_DAYS} days`);
  return { from, to: new Date(last.getTime() + DAY_MS) };
}

const KIND_ORDER: LedgerKind[] = ['sms_charge', 'did_fee', 'adjustment', 'refund'];
export const LINE_LABEL: Record<LedgerKind, string> = {
  sms_charge: 'SMS usage',
  did_fee: 'DID monthly fees',
  adjustment: 'Adjustments',
  refund: 'Refunds',
  payment: 'Payments',
  invoice: 'Invoice',
};

/**
 * The invoice of one account for a period: every usage entry (SMS charges, DID fees, adjustments,
 * refunds) inside [from, to) becomes part of a line, one line per kind and cause description (the
 * ledger memo, e.g. the destination of SMS usage). Payments are summed apart; earlier invoice
 * entries are not billed again.
 */
/**
 * The one rounding rule of invoices: the total to the currency's digits, half away from zero (half-up
 * for the positive totals bills have). Lines keep their exact sub-cent sums; the total is what is owed,
 * so the list, the PDF and what payments must cover all read the same figure.
 */
export function roundToDigits(micro: bigint, digits: number): bigint {
  const step = 10n ** BigInt(Math.max(0, 6 - digits));
  if (step === 1n) return micro;
  const neg = micro < 0n;
  const abs = neg ? -micro : micro;
  const rounded = ((abs + step / 2n) / step) * step;
  return neg ? -rounded : rounded;
}

export function buildInvoice(
  rows: Iterable<InvoiceLedgerRow>,
  period: { from: Date; to: Date },
  currencyDigits = 2,
): InvoiceDraft {
  const groups = new Map<string, InvoiceLineDraft>();
  let payments = 0n;
  for (const r of rows) {
    if (r.created_on < period.from || r.created_on >= period.to) continue;
    if (r.kind === 'payment') {
      payments += r.amount;
      continue;
    }
    if (r.kind === 'invoice') continue;
    const description = r.memo?.trim() || LINE_LABEL[r.kind];
    const key = `${r.kind}\u0000${description}`;
    const line = groups.get(key) ?? { kind: r.kind, description, quantity: 0, amount: 0n };
    line.quantity += 1;
    line.amount -= r.amount;
    groups.set(key, line);
  }
  const lines = [...groups.values()].sort(
    (a, b) => KIND_ORDER.indexOf(a.kind) - KIND_ORDER.indexOf(b.kind) || a.description.localeCompare(b.description),
  );
  const total = roundToDigits(
    lines.reduce((sum, l) => sum + l.amount, 0n),
    currencyDigits,
  );
  return { lines, total, payments_received: payments };
}

export type InvoiceStatus = 'issued' | 'paid' | 'overdue';

/** Overdue is not stored: an unpaid invoice becomes overdue the day after its due date. */
export function invoiceStatus(paid: boolean, due_on: string, today: string): InvoiceStatus {
  if (paid) return 'paid';
  return today > due_on ? 'overdue' : 'issued';
}

/** Days to pay when the company has no payment term (the payment_terms table's own default). */
export const DEFAULT_TERM_DAYS = 30;

export function dueDate(issuedDay: string, termDays: number | null | undefined): string {
  return addDays(issuedDay, termDays ?? DEFAULT_TERM_DAYS);
}

/** Gapless per issuer: the counter is taken in the invoice's own transaction, so a failed one gives its number back. */
export function invoiceNumber(prefix: string, seq: number): string {
  return `${prefix}-${String(seq).padStart(6, '0')}`;
}

/**
 * Which unpaid invoices the account's payments cover, oldest first: the credit is every payment ever
 * received less what already-paid invoices took; an invoice is paid only when covered whole.
 */
export function coveredInvoices<T extends { total: bigint }>(unpaidOldestFirst: T[], credit: bigint): T[] {
  const covered: T[] = [];
  let left = credit;
  for (const inv of unpaidOldestFirst) {
    if (inv.total > left) break;
    left -= inv.total;
    covered.push(inv);
  }
  return covered;
}
