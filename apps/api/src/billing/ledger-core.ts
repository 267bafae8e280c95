// The ledger's rules as pure functions over plain numbers (bigint micro-units), so they are tested
// without a database and the SQL layer (ledger.ts) only applies what these decide.
import type { LedgerKind } from './schema';

export type { LedgerKind };
export const LEDGER_KINDS: readonly LedgerKind[] = [
  'payment',
  'sms_charge',
  'refund',
  'did_fee',
  'adjustment',
  'invoice',
];

/** Which sign each kind may carry: credits raise the balance, charges lower it. */
const SIGN: Record<LedgerKind, 'credit' | 'debit' | 'either'> = {
  payment: 'credit',
  refund: 'credit',
  sms_charge: 'debit',
  did_fee: 'debit',
  adjustment: 'either',
  invoice: 'either',
};

export class LedgerRuleError extends Error {}

/** Throws when a posting breaks the kind's sign rule or is zero; returns the amount otherwise. */
export function checkPosting(kind: LedgerKind, amount: bigint): bigint {
  if (!LEDGER_KINDS.includes(kind)) throw new LedgerRuleError(`unknown ledger kind ${kind}`);
  if (amount === 0n) throw new LedgerRuleError('a ledger entry cannot be zero');
  const sign = SIGN[kind];
  if (sign === 'credit' && amount < 0n) throw new LedgerRuleError(`${kind} must be a positive amount`);
  if (sign === 'debit' && amount > 0n) throw new LedgerRuleError(`${kind} must be a negative amount`);
  return amount;
}

export interface AccountState {
  balance: bigint;
  /** sum of open holds */
  reserved: bigint;
  /** how far below zero a postpay account may go (ignored for prepay) */
  credit_limit: bigint;
  prepay: boolean;
}

/**
 * What the account can still spend: prepay accounts only their balance; postpay accounts their
 * balance plus the credit limit. Open reservations are already spoken for.
 */
export function available(a: AccountState): bigint {
  return a.balance - a.reserved + (a.prepay ? 0n : a.credit_limit);
}

export function canReserve(a: AccountState, amount: bigint): boolean {
  return amount > 0n && available(a) >= amount;
}

/** The balance after applying entries in order: the figure the cached balance must always equal. */
export function ledgerSum(amounts: Iterable<bigint>): bigint {
  let sum = 0n;
  for (const a of amounts) sum += a;
  return sum;
}

/** A low-balance alert fires once, when a posting moves the balance from at/above the threshold to below it. */
export function crossedBelow(before: bigint, after: bigint, threshold: bigint | null): boolean {
  return threshold !== null && before >= threshold && after < threshold;
}

/**
 * is_below_credit_limit: the balance has gone past what the account may owe (below zero for prepay,
 * below −credit_limit for postpay), e.g. after a charge larger than its hold or a lowered limit.
 */
export function belowCreditLimit(balance: bigint, credit_limit: bigint, prepay: boolean): boolean {
  return balance < -(prepay ? 0n : credit_limit);
}
