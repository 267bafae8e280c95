import { displayZone, zonedParts } from './time-zone';

type DateValue = string | number | Date | null | undefined;
const pad = (n: number) => String(n).padStart(2, '0');
const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;
// an ISO text with no zone designator is already a wall-clock reading: shown as written
const NAIVE = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;

export interface DateTimeOptions {
  /** the zone to read the instant in (default: the account's, see displayZone) */
  zone?: string;
  /** add the zone's name, "2026-12-06 14:05 (Europe/Berlin)": for times shown outside a labelled column */
  label?: boolean;
}

/**
 * THE way the console shows a date and time: "YYYY-MM-DD HH:mm" in the account's zone (or the one
 * given), labelled on request. A calendar day ('YYYY-MM-DD') is not an instant and shows as itself.
 */
export function formatDateTime(value: DateValue, options: DateTimeOptions = {}): string {
  if (value === null || value === undefined || value === '') return '';
  const zone = options.zone ?? displayZone();
  const labelled = (text: string) => (options.label ? `${text} (${zone})` : text);
  if (typeof value === 'string') {
    if (DAY_ONLY.test(value)) return value;
    const naive = NAIVE.exec(value);
    if (naive) return labelled(`${naive[1]} ${naive[2]}:${naive[3]}`);
  }
  const d = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(d.getTime())) return '';
  const p = zonedParts(d, zone);
  return labelled(`${p.year}-${pad(p.month)}-${pad(p.day)} ${pad(p.hour)}:${pad(p.minute)}`);
}

/** The calendar day ("YYYY-MM-DD") of an instant in the account's zone (or the one given). */
export function formatDate(value: DateValue, options: DateTimeOptions = {}): string {
  if (typeof value === 'string' && DAY_ONLY.test(value)) return value;
  const text = formatDateTime(value, { zone: options.zone });
  return text ? `${text.slice(0, 10)}${options.label ? ` (${options.zone ?? displayZone()})` : ''}` : '';
}

const DECIMAL = /^-?\d+(\.\d+)?$/;
const digitsCache = new Map<string, number>();
/** The currency's own digits (USD 2, JPY 0, BHD 3). */
export function currencyDigits(currency: string): number {
  let d = digitsCache.get(currency);
  if (d === undefined) {
    d = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
    digitsCache.set(currency, d);
  }
  return d;
}

/**
 * Money as the console shows it everywhere (lists, balances, forms, exports of what the screen shows):
 * the currency code, the currency's digits, and more where the amount has them, so a unit price of
 * 0.012 reads "USD 0.012" and is never rounded into a different number. Takes the server's exact
 * decimal text (Intl formats a decimal string exactly, with no float on the way) or a number.
 */
export function formatMoney(value: number | string | null | undefined, currency = 'USD'): string {
  if (value === null || value === undefined) return '';
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  if (!DECIMAL.test(text)) return '';
  const digits = currencyDigits(currency);
  const fraction = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency,
    currencyDisplay: 'code',
    minimumFractionDigits: digits,
    maximumFractionDigits: Math.max(digits, fraction),
  })
    .format(text as unknown as number)
    .replace(/\u00a0/g, ' ');
}

/** A money column's cell in a list: the row's amount in the row's currency (empty when there is none). */
export function moneyCell(value: unknown, row: { currency?: string }): string {
  return formatMoney(value as number | string | null | undefined, row.currency);
}

/**
 * The one way a phone number is shown: E.164 with its groups spaced, "+1 415 555 3303" for the NANP
 * (what people dial, readable, and still the stored number once the spaces go). Other countries'
 * grouping needs their numbering plans, so they show as stored ("+442079460958"); text that is not an
 * E.164 number (an alphanumeric sender) shows unchanged.
 */
export function formatPhone(value: string | null | undefined): string {
  if (!value) return '';
  const nanp = /^\+1(\d{3})(\d{3})(\d{4})$/.exec(value);
  return nanp ? `+1 ${nanp[1]} ${nanp[2]} ${nanp[3]}` : value;
}
