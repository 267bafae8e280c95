// Accounts' statements on a reseller's team (its reseller logins) for the team routes. `scope` is the caller's
// visible members (rowsOf on users.reseller_uuid). Each takes the executor first, so a call joins a transaction.
import { sql, type Expression, type Insertable, type Kysely, type SqlBool } from 'kysely';
import type { ResellerMemberListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;
/** Stored instead of a password until the invited member chooses one: no password verifies against it. */
export const INVITED = '!invited';
const ORDER = ['email', 'full_name', 'reseller_role', 'created_on', 'is_active'] as const;
const COLUMNS = [
  'users.uuid',
  'users.email',
  'users.full_name',
  sql<'admin' | 'read_only'>`coalesce(users.reseller_role, 'admin')`.as('reseller_role'),
  'users.is_active',
  sql<boolean>`users.password_hash = ${INVITED}`.as('invite_pending'),
  'users.created_on',
] as const;

const members = (db: Db, scope: Expression<SqlBool>, reseller_uuid: string) =>
  db
    .selectFrom('users')
    .where('users.user_type', '=', 'reseller')
    .where('users.reseller_uuid', '=', reseller_uuid)
    .where(scope);

export function listMembers(db: Db, scope: Expression<SqlBool>, reseller_uuid: string, q: ResellerMemberListQuery) {
  let rows = members(db, scope, reseller_uuid);
  if (q.full_name) rows = rows.where('users.full_name', 'ilike', wildcard(q.full_name));
  if (q.email) rows = rows.where('users.email', 'ilike', wildcard(q.email));
  if (q.reseller_role === 'admin')
    rows = rows.where((eb) => eb.or([eb('users.reseller_role', '=', 'admin'), eb('users.reseller_role', 'is', null)]));
  if (q.reseller_role === 'read_only') rows = rows.where('users.reseller_role', '=', 'read_only');
  const { col, dir } = ordering(q, ORDER, 'created_on');
  return listPage(q, rows.select(COLUMNS).orderBy(`users.${col}`, dir).orderBy('users.uuid'), rows);
}

/** The member as the API shows it, or undefined when there is none of this id in the reseller's team in scope. */
export const memberInScope = (db: Db, scope: Expression<SqlBool>, reseller_uuid: string, user_uuid: string) =>
  members(db, scope, reseller_uuid).select(COLUMNS).where('users.uuid', '=', user_uuid).executeTakeFirst();

/** How many active admins of the team there are besides `leaving`. */
export async function otherActiveAdmins(
  db: Db,
  scope: Expression<SqlBool>,
  reseller_uuid: string,
  leaving: string,
): Promise<number> {
  const others = await members(db, scope, reseller_uuid)
    .select((eb) => eb.fn.countAll<string>().as('n'))
    .where('users.uuid', '!=', leaving)
    .where('users.is_active', '=', true)
    .where((eb) => eb.or([eb('users.reseller_role', '=', 'admin'), eb('users.reseller_role', 'is', null)]))
    .executeTakeFirstOrThrow();
  return Number(others.n);
}

/** The member, then its invitation when given (without its user), on `trx`; answers the member's id. */
export async function insertMember(
  trx: Db,
  member: Insertable<Database['users']>,
  invitation: Omit<Insertable<Database['action_tokens']>, 'user_uuid'> | null,
): Promise<string> {
  const row = await trx.insertInto('users').values(member).returning('uuid').executeTakeFirstOrThrow();
  if (invitation)
    await trx
      .insertInto('action_tokens')
      .values({ ...invitation, user_uuid: row.uuid })
      .execute();
  return row.uuid;
}
