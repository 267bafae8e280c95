// The account row under its lock: every balance move reads it here and writes it in the same transaction.
import { sql, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { AccountState } from './ledger-core';
import { toMicro } from '../lib/money';
import { refColumn, type AccountRef } from './account-ref';
import { companyRows } from '../accounts';

export interface LockedAccount extends AccountState {
  account_uuid: string;
  company_uuid: string | null;
  reseller_uuid: string | null;
  low_balance_threshold: bigint | null;
  /** the guards' spend record kept on the row (guards migration 301): read under the lock, it is exact */
  spend: AccountSpend;
}

/** What a company's stores held on the row's last day of spend (`day`, ISO) and in that day's month. */
export interface AccountSpend {
  day: string | null;
  today: bigint;
  month: bigint;
}

type AccountRow = {
  account_uuid: string;
  company_uuid: string | null;
  reseller_uuid: string | null;
  balance: string;
  reserved: string;
  credit_limit: string;
  low: string | null;
  prepay: boolean | null;
  spend_day: string | null;
  spent_day: string;
  spent_month: string;
};

/**
 * The account's row, locked until the transaction ends or (lock false) as last committed, which never waits.
 * The lock is FOR NO KEY UPDATE: a balance move changes no key, and a stronger lock would also stop other
 * transactions' inserts that refer to the account (holds, entries) behind it.
 */
async function accountRow(
  trx: Transaction<Database>,
  ref: AccountRef | { account_uuid: string },
  lock: boolean,
): Promise<AccountRow | undefined> {
  const { col, id } = 'account_uuid' in ref ? { col: 'account_uuid', id: ref.account_uuid } : refColumn(ref);
  return (
    await sql<AccountRow>`
    select a.account_uuid, a.company_uuid, a.reseller_uuid, a.low_balance_threshold::text as low, a.balance::text as balance, a.reserved::text as reserved, a.credit_limit::text as credit_limit, c.prepay,
      a.spend_day::text as spend_day, a.spent_day::text as spent_day, a.spent_month::text as spent_month
    from billing_accounts a left join ${companyRows} c on c.company_uuid = a.company_uuid
    where a.${sql.ref(col)} = ${id}${lock ? sql` for no key update of a` : sql``}`.execute(trx)
  ).rows[0];
}

/**
 * The account's row, created on first use. Read first and inserted only when missing: an insert that finds the
 * row waits for whichever transaction last updated it, so inserting first queued every caller behind the lock twice.
 */
async function ensuredRow(trx: Transaction<Database>, ref: AccountRef, lock: boolean): Promise<AccountRow> {
  const found = await accountRow(trx, ref, lock);
  if (found) return found;
  const { col, id } = refColumn(ref);
  await sql`insert into billing_accounts (${sql.ref(col)}) values (${id}) on conflict (${sql.ref(col)}) do nothing`.execute(
    trx,
  );
  return (await accountRow(trx, ref, lock)) as AccountRow;
}

const lockedAccount = (row: AccountRow): LockedAccount => ({
  account_uuid: row.account_uuid,
  company_uuid: row.company_uuid,
  reseller_uuid: row.reseller_uuid,
  low_balance_threshold: row.low === null ? null : toMicro(row.low),
  balance: toMicro(row.balance),
  reserved: toMicro(row.reserved),
  credit_limit: toMicro(row.credit_limit),
  // Resellers pay ahead like prepay companies (no credit line of their own).
  prepay: row.prepay ?? true,
  spend: { day: row.spend_day, today: BigInt(row.spent_day), month: BigInt(row.spent_month) },
});

/** Creates the account row on first use and takes its row lock until the transaction ends. */
export async function lockAccount(trx: Transaction<Database>, ref: AccountRef): Promise<LockedAccount> {
  return lockedAccount(await ensuredRow(trx, ref, true));
}

/** Locks an account that exists, found by its id (the holds and entries name it so). */
export async function lockAccountById(trx: Transaction<Database>, account_uuid: string): Promise<LockedAccount> {
  const row = await accountRow(trx, { account_uuid }, true);
  if (!row) throw new Error(`no billing account ${account_uuid}`);
  return lockedAccount(row);
}

/**
 * The account as last committed, without its lock (created on first use): a guess that a caller must confirm
 * under lockAccount before it counts on it (ledger-batch.ts prepareHolds).
 */
export async function peekAccount(trx: Transaction<Database>, ref: AccountRef): Promise<LockedAccount> {
  return lockedAccount(await ensuredRow(trx, ref, false));
}
