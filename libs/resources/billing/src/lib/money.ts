/**
 * Money as the console shows it: the currency code and two decimals, from the server's exact decimal
 * text. Intl formats decimal strings exactly (no float on the way), rounding half away from zero.
 */
export function showMoney(amount: string | null | undefined, currency = 'USD'): string {
  if (amount === null || amount === undefined || amount === '') return '';
  const format = new Intl.NumberFormat('en-US', { style: 'currency', currency, currencyDisplay: 'code', minimumFractionDigits: 2, maximumFractionDigits: 2 });
  // Intl.NumberFormat v3 takes a decimal string as an exact value; the types still say number.
  return format.format(amount as unknown as number).replace(/\u00a0/g, ' ');
}
