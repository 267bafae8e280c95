// The console's statements on SMPP accounts (the list and the tenancy-scoped read are accounts.ts's accountsQuery).
import type { Insertable, Kysely, Updateable } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;
type Accounts = Database['smpp_accounts'];

/** A new account; a system_id already taken throws the database's unique violation (23505) for the caller. */
export const insertAccount = (db: Db, values: Insertable<Accounts>) =>
  db.insertInto('smpp_accounts').values(values).returningAll().executeTakeFirstOrThrow();

/** The account's own row, unscoped: the caller has found it through its tenancy first. */
export const accountRow = (db: Db, smpp_account_uuid: string) =>
  db
    .selectFrom('smpp_accounts')
    .selectAll()
    .where('smpp_account_uuid', '=', smpp_account_uuid)
    .executeTakeFirstOrThrow();

export const updateAccount = (db: Db, smpp_account_uuid: string, set: Updateable<Accounts>) =>
  db
    .updateTable('smpp_accounts')
    .set(set)
    .where('smpp_account_uuid', '=', smpp_account_uuid)
    .returningAll()
    .executeTakeFirstOrThrow();

/** The deleted row, or undefined when another call deleted it first. */
export const deleteAccount = (db: Db, smpp_account_uuid: string) =>
  db.deleteFrom('smpp_accounts').where('smpp_account_uuid', '=', smpp_account_uuid).returningAll().executeTakeFirst();

/** Clears the bind failures and any lock they set. */
export async function unlockAccount(db: Db, smpp_account_uuid: string): Promise<void> {
  await updateAccount(db, smpp_account_uuid, { failed_binds: 0, failed_since: null, locked_until: null });
}
