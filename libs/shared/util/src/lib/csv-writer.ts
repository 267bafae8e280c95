// The one CSV writer of every export, on the server (streamed downloads) and in the browser (list
// exports): RFC 4180 quoting, CRLF line ends, a header line of titles, and values written the way a
// person reads them. UTF-8 throughout; the browser adds the byte-order mark when it saves the file.
import { currencyDigits, formatDateTime } from './format';

/**
 * text: anything people typed; phone: E.164 numbers; number: figures; money: amounts in `currency`, a plain
 * number a spreadsheet can add up; currency: the ISO code of the row's amounts (the field's currency, USD, when the
 * row has none); boolean: yes/no; datetime: instants (ISO 8601, UTC; or as the console shows them, "YYYY-MM-DD HH:mm",
 * in the field's `zone`, which its title names).
 */
export type CsvKind = 'text' | 'phone' | 'number' | 'money' | 'currency' | 'boolean' | 'datetime';

export interface CsvField {
  key: string;
  title: string;
  kind?: CsvKind;
  /** the currency of a money column (USD when not given) */
  currency?: string;
  /** the zone a datetime column is written in, as the console shows times (ISO 8601 in UTC when not given) */
  zone?: string;
}

const NEEDS_QUOTES = /[",\r\n]/;
const FORMULA_START = /^[=+\-@\t\r]/;
// A leading + or - starts a formula only when something other than a figure follows: an E.164 number
// or a negative amount is data, and a quote in front of it would change the value a spreadsheet reads.
const FIGURE = /^[+-]?(\d+|\d{1,3}(,\d{3})+)(\.\d+)?$/;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/** Text a spreadsheet would run as a formula gets a leading ' ; numbers and E.164 numbers are left alone. */
export function neutraliseFormula(text: string): string {
  return FORMULA_START.test(text) && !FIGURE.test(text) ? `'${text}` : text;
}

/** An exact decimal amount with the currency's digits, more where it has them: 1.0000 → 1.00, 0.0120 → 0.012. */
export function csvMoney(value: string | number, currency = 'USD'): string {
  const text = typeof value === 'number' ? String(value) : value.trim();
  if (!DECIMAL.test(text)) return text;
  const [whole, fraction = ''] = text.split('.');
  const kept = fraction.replace(/0+$/, '');
  const digits = currencyDigits(currency);
  const frac = kept.length >= digits ? kept : kept.padEnd(digits, '0');
  const sign = whole.startsWith('-') && /[1-9]/.test(whole + kept) ? '-' : '';
  return `${sign}${whole.replace('-', '')}${frac ? `.${frac}` : ''}`;
}

/** A value as a person reads it, before quoting. */
export function csvValue(value: unknown, kind: CsvKind = 'text', currency?: string, zone?: string): string {
  if (value === null || value === undefined) return kind === 'currency' ? (currency ?? 'USD') : '';
  if (kind === 'datetime' && zone && (typeof value === 'string' || value instanceof Date))
    return formatDateTime(value, { zone }) || String(value);
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return value.toString();
  const text = String(value);
  if (kind === 'boolean' && (text === 'true' || text === 'false')) return text === 'true' ? 'Yes' : 'No';
  if (kind === 'money' && text !== '') return csvMoney(text, currency);
  return text;
}

/** One cell: the value as read, formula text neutralised, quoted where RFC 4180 needs it. */
export function csvCell(value: unknown, kind: CsvKind = 'text', currency?: string, zone?: string): string {
  const safe = neutraliseFormula(csvValue(value, kind, currency, zone));
  return NEEDS_QUOTES.test(safe) ? `"${safe.replace(/"/g, '""')}"` : safe;
}

/**
 * Every export with money: its amounts as plain numbers and one Currency column beside them (added after the
 * last money column when the fields have none), so no amount is written as text like "-USD 1.00".
 */
export function withCurrencyColumn<F extends CsvField>(fields: readonly F[], currency?: string): (F | CsvField)[] {
  const last = fields.map((f) => f.kind).lastIndexOf('money');
  if (last < 0 || fields.some((f) => f.kind === 'currency' || f.key === 'currency')) return [...fields];
  const column: CsvField = { key: 'currency', title: 'Currency', kind: 'currency', ...(currency ? { currency } : {}) };
  return [...fields.slice(0, last + 1), column, ...fields.slice(last + 1)];
}

export const csvHeader = (fields: readonly Pick<CsvField, 'title'>[]): string =>
  `${fields.map((f) => csvCell(f.title)).join(',')}\r\n`;

export const csvRow = (fields: readonly CsvField[], row: Record<string, unknown>): string =>
  `${fields.map((f) => csvCell(row[f.key], f.kind, f.currency, f.zone)).join(',')}\r\n`;

/** A whole file in memory: the header, then one line per row. */
export function csvText(fields: readonly CsvField[], rows: readonly Record<string, unknown>[]): string {
  let text = csvHeader(fields);
  for (const row of rows) text += csvRow(fields, row);
  return text;
}
