// The settings' rules: the amount per charge stays inside the currency's top-up limits (as a card top-up
// does), the threshold is a plain amount, and the monthly cap holds at least one charge.
import { topUpLimit } from '@smsc/shared-contract';
import { FieldError } from '../lib/http-error';
import { amountRangeWords } from '../lib/validation-words';
import { MoneyError, parseMoney } from '../billing';

/** The first day of the UTC month, as the monthly cap counts it. */
export const monthStartOf = (at: Date) => `${at.toISOString().slice(0, 7)}-01`;

export interface RechargeSettings {
  threshold: bigint;
  amount: bigint;
  monthly_cap: bigint;
}

function amountOf(text: string, problems: Record<string, string>, field: string, allowZero = false): bigint | null {
  let m: bigint;
  try {
    m = parseMoney(text);
  } catch (e) {
    if (!(e instanceof MoneyError)) throw e;
    problems[field] = 'Enter an amount such as 100.00';
    return null;
  }
  if (m < 0n || (!allowZero && m === 0n)) problems[field] = 'The amount must be greater than zero';
  else if (m % 10_000n !== 0n) problems[field] = 'The amount takes at most 2 decimals';
  else return m;
  return null;
}

/** The settings as micro-units, or a 400 naming each field in trouble. */
export function parseRechargeSettings(
  body: { threshold: string; amount: string; monthly_cap: string },
  currency: string,
): RechargeSettings {
  const problems: Record<string, string> = {};
  const threshold = amountOf(body.threshold, problems, 'threshold', true);
  const amount = amountOf(body.amount, problems, 'amount');
  const cap = amountOf(body.monthly_cap, problems, 'monthly_cap');
  if (amount !== null) {
    const limit = topUpLimit(currency);
    if (amount < parseMoney(limit.min)) problems.amount = amountRangeWords('min', limit.min, currency);
    else if (amount > parseMoney(limit.max)) problems.amount = amountRangeWords('max', limit.max, currency);
  }
  if (amount !== null && cap !== null && cap < amount)
    problems.monthly_cap = 'The monthly cap must hold at least one charge of the amount';
  if (Object.keys(problems).length || threshold === null || amount === null || cap === null)
    throw new FieldError(problems);
  return { threshold, amount, monthly_cap: cap };
}
