// The smallest and largest card or PayPal top-up per currency. One table for the form (shown on the field)
// and the server (which refuses anything outside it): a 0.10 payment costs more in provider fees than it
// brings, and a mistyped 100000 should not reach a card form.
export interface TopUpLimit {
  /** decimal strings with the currency's digits, e.g. '5.00' */
  min: string;
  max: string;
}

const LIMITS: Record<string, TopUpLimit> = {
  USD: { min: '5.00', max: '10000.00' },
  EUR: { min: '5.00', max: '10000.00' },
  GBP: { min: '5.00', max: '8000.00' },
  JPY: { min: '500', max: '1500000' },
};
const FALLBACK: TopUpLimit = { min: '5.00', max: '10000.00' };

/** The top-up limits for a currency (ISO 4217 code); unknown currencies get the USD-like default. */
export const topUpLimit = (currency: string): TopUpLimit => LIMITS[currency.toUpperCase()] ?? FALLBACK;
