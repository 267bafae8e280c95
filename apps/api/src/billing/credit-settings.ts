// A company's credit line and low-balance alert level, set through the company calls by whoever
// bills it (the route's tenancy decides who may). Kept on the billing account, beside the balance.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { FieldError } from '../lib/http-error';
import { balanceOf, lockAccount } from './ledger';
import { syncCreditFlag } from './account-hooks';
import { formatMoney, MoneyError, parseMoney } from '../lib/money';

export interface CreditSettingsInput {
  credit_limit?: string;
  /** null turns the alert off */
  low_balance_threshold?: string | null;
}

export const hasCreditSettings = (b: { credit_limit?: unknown; low_balance_threshold?: unknown }) =>
  b.credit_limit !== undefined || b.low_balance_threshold !== undefined;

function amount(field: keyof CreditSettingsInput, text: string, min?: bigint): bigint {
  let micro: bigint;
  try {
    micro = parseMoney(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new FieldError({ [field]: 'Enter an amount such as 100.00' });
    throw e;
  }
  if (min !== undefined && micro < min) throw new FieldError({ [field]: 'The credit limit cannot be negative' });
  return micro;
}

/** Checks the figures before anything is written, so a bad one leaves the company untouched too. */
export function parseCreditSettings(b: CreditSettingsInput) {
  return {
    credit_limit: b.credit_limit === undefined ? undefined : amount('credit_limit', b.credit_limit, 0n),
    low_balance_threshold:
      b.low_balance_threshold === undefined
        ? undefined
        : b.low_balance_threshold === null
          ? null
          : amount('low_balance_threshold', b.low_balance_threshold),
  };
}

/**
 * Applies them under the account's lock and sets is_below_credit_limit for the new limit at once.
 * Answers the figures before and after (as decimal text) for the audit log.
 */
export async function setCreditSettings(
  db: Kysely<Database>,
  company_uuid: string,
  parsed: ReturnType<typeof parseCreditSettings>,
) {
  return db.transaction().execute(async (trx) => {
    const acc = await lockAccount(trx, { company_uuid });
    const show = (limit: bigint, low: bigint | null) => ({
      credit_limit: formatMoney(limit),
      low_balance_threshold: low === null ? null : formatMoney(low),
    });
    const before = show(acc.credit_limit, acc.low_balance_threshold);
    const credit_limit = parsed.credit_limit ?? acc.credit_limit;
    const low = parsed.low_balance_threshold === undefined ? acc.low_balance_threshold : parsed.low_balance_threshold;
    await trx
      .updateTable('billing_accounts')
      .set({
        credit_limit: credit_limit.toString(),
        low_balance_threshold: low === null ? null : low.toString(),
        updated_on: new Date(),
      })
      .where('account_uuid', '=', acc.account_uuid)
      .execute();
    await syncCreditFlag(trx, { ...acc, credit_limit });
    return { before, after: show(credit_limit, low) };
  });
}

/** The company's current credit figures as the company answer shows them (zero/none before any posting). */
export async function creditFiguresOf(db: Kysely<Database>, company_uuid: string) {
  const b = await balanceOf(db, { company_uuid });
  return {
    credit_limit: formatMoney(b.credit_limit),
    low_balance_threshold: b.low_balance_threshold === null ? null : formatMoney(b.low_balance_threshold),
    balance: formatMoney(b.balance),
    currency: b.currency,
  };
}

/** True when applying the settings changed a figure (an unchanged save writes no audit row). */
export const creditChanged = (f: { before: object; after: object }) =>
  JSON.stringify(f.before) !== JSON.stringify(f.after);
