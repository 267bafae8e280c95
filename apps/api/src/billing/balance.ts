// Reading an account: its cached figures, and its balance recomputed from the ledger entries.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { available, type AccountState } from './ledger-core';
import { toMicro } from '../lib/money';
import { refColumn, type AccountRef } from './account-ref';
import { companyRows } from '../accounts';

export interface BalanceFigures {
  account_uuid: string | null;
  balance: bigint;
  reserved: bigint;
  credit_limit: bigint;
  low_balance_threshold: bigint | null;
  available: bigint;
  currency: string;
  prepay: boolean;
}

/** The cached figures of one account (zero when it has never been posted to). */
export async function balanceOf(db: Kysely<Database>, ref: AccountRef): Promise<BalanceFigures> {
  const { col, id } = refColumn(ref);
  const row = (
    await sql<{
      account_uuid: string | null;
      balance: string | null;
      reserved: string | null;
      credit_limit: string | null;
      low: string | null;
      currency: string | null;
      prepay: boolean | null;
    }>`
    select a.account_uuid, a.balance::text as balance, a.reserved::text as reserved, a.credit_limit::text as credit_limit, a.low_balance_threshold::text as low, a.currency,
      (select c.prepay from ${companyRows} c where c.company_uuid = ${'company_uuid' in ref ? ref.company_uuid : null}) as prepay
    from (select 1) one left join billing_accounts a on a.${sql.ref(col)} = ${id}`.execute(db)
  ).rows[0];
  const state: AccountState = {
    balance: toMicro(row.balance),
    reserved: toMicro(row.reserved),
    credit_limit: toMicro(row.credit_limit),
    prepay: row.prepay ?? true,
  };
  return {
    account_uuid: row.account_uuid,
    ...state,
    low_balance_threshold: row.low === null ? null : toMicro(row.low),
    available: available(state),
    currency: row.currency ?? 'USD',
  };
}

/** The balance recomputed from the entries themselves (what the cache is checked against). */
export async function ledgerSumOf(db: Kysely<Database>, account_uuid: string): Promise<bigint> {
  const row = await db
    .selectFrom('ledger_entries')
    .select(sql<string>`coalesce(sum(amount), 0)::text`.as('sum'))
    .where('account_uuid', '=', account_uuid)
    .executeTakeFirstOrThrow();
  return toMicro(row.sum);
}
