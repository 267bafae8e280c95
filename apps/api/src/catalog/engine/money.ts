/** Prices are kept as integer micro-units (1/1,000,000 of the currency unit) so sums never drift. */
export const MICROS = 1_000_000;
const DECIMAL = /^(\d{1,9})(?:\.(\d{1,6}))?$/;

/** "0.0125" → 12500. Throws on anything that is not a non-negative decimal with at most 6 places. */
export function toMicros(price: string): number {
  const m = DECIMAL.exec(price.trim());
  if (!m) throw new Error(`"${price}" is not a price (digits, up to 6 decimals)`);
  return Number(m[1]) * MICROS + Number((m[2] ?? '').padEnd(6, '0'));
}

/** 12500 → "0.012500"; negative margins keep their sign. */
export function fromMicros(micros: number): string {
  const sign = micros < 0 ? '-' : '';
  const abs = Math.abs(micros);
  return `${sign}${Math.floor(abs / MICROS)}.${String(abs % MICROS).padStart(6, '0')}`;
}

export const isPrice = (s: string) => DECIMAL.test(s.trim());
