// Accounts' statements on users for the user routes and the person's own profile (what other domains read or
// change of a user is user-reads.ts and user-writes.ts). `scope` is the caller's visible users (rowsOf with
// USER_OWNERS). Each takes the executor first, so a call joins the caller's transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { UserListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { USER_COLUMNS, usersQuery } from './queries';

type Db = Kysely<Database>;
type Users = Database['users'];
const ORDER = ['email', 'full_name', 'created_on', 'company_name', 'user_type', 'is_active'] as const;

export function listUsers(db: Db, scope: Expression<SqlBool>, q: UserListQuery) {
  let base = usersQuery(db).where(scope);
  const userName = q.user_name;
  if (userName)
    base = base.where((eb) =>
      eb.or([eb('users.full_name', 'ilike', wildcard(userName)), eb('users.email', 'ilike', wildcard(userName))]),
    );
  if (q.company_name) base = base.where('companies.company_name', 'ilike', wildcard(q.company_name));
  if (q.company_uuid) base = base.where('users.company_uuid', '=', q.company_uuid);
  if (q.status) base = base.where('users.is_active', '=', q.status === 'active');
  if (q.is_active !== undefined) base = base.where('users.is_active', '=', q.is_active);
  if (q.is_admin !== undefined) base = base.where('users.is_admin', '=', q.is_admin);
  if (q.user_type) base = base.where('users.user_type', '=', q.user_type);
  const { col, dir } = ordering(q, ORDER, 'created_on');
  const orderCol = col === 'company_name' ? 'companies.company_name' : (`users.${col}` as const);
  return listPage(q, base.select(USER_COLUMNS).orderBy(orderCol, dir).orderBy('users.uuid'), base);
}

/** The user as the API shows it (never the hash), or undefined when there is none of this id in scope. */
export const userInScope = (db: Db, scope: Expression<SqlBool>, user_uuid: string) =>
  usersQuery(db).select(USER_COLUMNS).where('users.uuid', '=', user_uuid).where(scope).executeTakeFirst();

/** A new user; answers its id. */
export const insertUser = (db: Db, values: Insertable<Users>) =>
  db.insertInto('users').values(values).returning('uuid').executeTakeFirstOrThrow();

export async function updateUser(db: Db, user_uuid: string, set: Updateable<Users>): Promise<void> {
  await db.updateTable('users').set(set).where('uuid', '=', user_uuid).execute();
}

export async function deleteUser(db: Db, user_uuid: string): Promise<void> {
  await db.deleteFrom('users').where('uuid', '=', user_uuid).execute();
}
