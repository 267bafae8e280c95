/**
 * Money is integer micro-units (1 unit = 1,000,000 micro) held in bigint, never a float: an SMS price
 * like 0.0035 is exactly 3,500 micro, so a million charges sum to exactly 3,500.000000. Six decimals
 * cover per-message prices; the console shows two. The database stores the same integers (bigint).
 */
export const MICRO_PER_UNIT = 1_000_000n;
const DECIMALS = 6;

export class MoneyError extends Error {}

/** "12.5", "-0.0035" or a JSON number → micro-units. Numbers go through their decimal text, so no float maths. */
export function parseMoney(input: string | number): bigint {
  const text = typeof input === 'number' ? numberText(input) : input.trim();
  const m = /^(-)?(\d{1,13})(?:\.(\d{1,6}))?$/.exec(text);
  if (!m) throw new MoneyError(`"${text}" is not an amount with at most ${DECIMALS} decimals`);
  const [, minus, whole, frac = ''] = m;
  const micro = BigInt(whole) * MICRO_PER_UNIT + BigInt(frac.padEnd(DECIMALS, '0'));
  return minus ? -micro : micro;
}

function numberText(n: number): string {
  if (!Number.isFinite(n)) throw new MoneyError('amount is not a finite number');
  // toString never uses exponent notation between 1e-7 and 1e21; smaller fractions are rejected as too precise.
  return n.toString();
}

/** micro-units → decimal text with at least `minDecimals` (2) and only the significant rest: 3500n → "0.0035". */
export function formatMoney(micro: bigint, minDecimals = 2): string {
  const neg = micro < 0n;
  const abs = neg ? -micro : micro;
  const whole = abs / MICRO_PER_UNIT;
  let frac = (abs % MICRO_PER_UNIT).toString().padStart(DECIMALS, '0').replace(/0+$/, '');
  if (frac.length < minDecimals) frac = frac.padEnd(minDecimals, '0');
  return `${neg ? '-' : ''}${whole}${frac ? `.${frac}` : ''}`;
}

/** bigint columns arrive as strings (pg) or bigint (PGlite). */
export function toMicro(v: string | bigint | number | null | undefined): bigint {
  if (v === null || v === undefined) return 0n;
  return typeof v === 'bigint' ? v : BigInt(v);
}
