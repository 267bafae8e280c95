import dayjs from 'dayjs';

export function formatDateTime(value: string | number | Date | null | undefined): string {
  if (value === null || value === undefined || value === '') return '';
  const d = dayjs(value);
  return d.isValid() ? d.format('YYYY-MM-DD HH:mm') : '';
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
