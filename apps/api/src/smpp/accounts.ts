// SMPP accounts over the database: the console's reads and writes, and the listener's credential check.
import { sql, type Expression, type Kysely, type RawBuilder, type SqlBool } from 'kysely';
import type { Database } from '../db/schema';
import type { TenantColumns } from '../lib/tenancy';
import { dummyHash, verifyPassword, type PasswordHashCost } from '../lib/passwords';
import { attemptFailed, attemptSucceeded, beginAttempt, bindLockoutOf } from './lockout';
import { companyRows } from '../accounts';

export const SMPP_ACCOUNT_OWNERS: TenantColumns = {
  company: 'smpp_accounts.company_uuid',
  companyReseller: 'companies.reseller_uuid',
};

export const accountsQuery = (db: Kysely<Database>, visible: Expression<SqlBool>) =>
  db
    .selectFrom('smpp_accounts')
    .innerJoin(companyRows.as('companies'), 'companies.company_uuid', 'smpp_accounts.company_uuid')
    .select([
      'smpp_accounts.smpp_account_uuid',
      'smpp_accounts.company_uuid',
      'companies.company_name',
      'smpp_accounts.system_id',
      'smpp_accounts.allowed_ips',
      'smpp_accounts.max_binds',
      'smpp_accounts.tps',
      'smpp_accounts.default_ani',
      'smpp_accounts.is_active',
      'smpp_accounts.failed_binds',
      'smpp_accounts.failed_since',
      'smpp_accounts.locked_until',
      'smpp_accounts.created_on',
      'smpp_accounts.updated_on',
    ])
    .where(visible);

export type AccountRow = Awaited<ReturnType<ReturnType<typeof accountsQuery>['executeTakeFirstOrThrow']>>;

/** What the listener needs of an account that bound. */
export interface BoundAccount {
  smpp_account_uuid: string;
  company_uuid: string;
  system_id: string;
  allowed_ips: string[];
  max_binds: number;
  tps: number;
  default_ani: string | null;
}

/**
 * The active account of an active company whose system_id and password match, or null (refused). Attempts are
 * counted before any hash (lockout.ts): a locked account, and an unknown system_id after as many attempts, are
 * refused without hashing; otherwise an unknown system_id spends the same hashing time as a wrong password, so
 * neither the answer nor its timing tells which accounts exist. `remote`: the client's address, for the audit
 * entry of a lock.
 */
export async function authenticate(
  db: Kysely<Database>,
  system_id: string,
  password: string,
  cost: PasswordHashCost,
  remote?: string,
): Promise<BoundAccount | null> {
  const lockout = bindLockoutOf(db);
  const row = await db
    .selectFrom('smpp_accounts')
    .innerJoin(companyRows.as('companies'), 'companies.company_uuid', 'smpp_accounts.company_uuid')
    .select([
      'smpp_accounts.smpp_account_uuid',
      'smpp_accounts.company_uuid',
      'smpp_accounts.system_id',
      'smpp_accounts.password_hash',
      'smpp_accounts.allowed_ips',
      'smpp_accounts.max_binds',
      'smpp_accounts.tps',
      'smpp_accounts.default_ani',
      'smpp_accounts.is_active',
      'companies.status as company_status',
    ])
    .where(sql<boolean>`lower(smpp_accounts.system_id) = lower(${system_id})`)
    .executeTakeFirst();
  if (!row) {
    if (!lockout.unknown.begin(system_id)) return null;
    await verifyPassword(password, await dummyHash(cost));
    lockout.unknown.failed(system_id);
    return null;
  }
  const id = row.smpp_account_uuid;
  if (!(await beginAttempt(db, id, lockout.settings))) return null;
  if (!(await verifyPassword(password, row.password_hash))) {
    await attemptFailed(db, id, lockout.settings, remote ?? null);
    return null;
  }
  await attemptSucceeded(db, id);
  const { password_hash: _hash, is_active, company_status, ...account } = row;
  return is_active && company_status === 'active' ? account : null;
}

/** The account's current limits (a PATCH applies to binds already open at their next submit). */
export async function limitsOf(
  db: Kysely<Database>,
  smpp_account_uuid: string,
): Promise<{ tps: number; is_active: boolean; default_ani: string | null } | null> {
  return (
    (await db
      .selectFrom('smpp_accounts')
      .select(['tps', 'is_active', 'default_ani'])
      .where('smpp_account_uuid', '=', smpp_account_uuid)
      .executeTakeFirst()) ?? null
  );
}

/** The system_id of the account an id names, as a scalar sub-select (the SMS log's "Sent by", beside its rows). */
export const smppSystemIdOf = (account: Expression<string | null>): RawBuilder<string | null> =>
  sql<string | null>`(select a.system_id from smpp_accounts a where a.smpp_account_uuid = ${account})`;

/** The ids of the accounts whose system_id matches a wildcard pattern, as a sub-select (the log's filter). */
export const smppAccountsNamed = (pattern: string): RawBuilder<unknown> =>
  sql`(select a.smpp_account_uuid from smpp_accounts a where a.system_id ilike ${pattern})`;
