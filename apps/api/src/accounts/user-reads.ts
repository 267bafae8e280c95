// What other domains read of users: names and addresses by id, whom a notice is mailed to, the demo users the
// seeds look up, and sub-selects of users by name or address for a statement's filter.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import type { UserFacts } from './rows';

type Db = Kysely<Database>;

/** The ids of the users whose name matches a wildcard pattern, as a sub-select (the SMS log's "Sent by" filter). */
export const usersNamed = (pattern: string): RawBuilder<unknown> =>
  sql`(select u.uuid from users u where u.full_name ilike ${pattern})`;

/** users.uuid → email, for the ids given (who made a change another domain records). */
export async function userEmails(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['uuid', 'email'])
    .where('uuid', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.uuid, r.email]));
}

/** users.uuid → full name, for the ids given (who imported and who decided a change set). */
export async function userNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db.selectFrom('users').select(['uuid', 'full_name']).where('uuid', 'in', ids).execute();
  return new Map(rows.map((r) => [r.uuid, r.full_name]));
}

/** Whom a notice goes to: any of a company's admins, a reseller's logins, the system admins. */
export interface MailedUsers {
  /** the active company admins of this company */
  companyAdminsOf?: string | null;
  /** the active reseller logins of this reseller */
  resellerUsersOf?: string | null;
  /** every active system admin */
  systemAdmins?: boolean;
}

/** The addresses of the active users a notice goes to, in address order (none named: none). */
export async function usersToMail(db: Db, who: MailedUsers): Promise<string[]> {
  if (!who.companyAdminsOf && !who.resellerUsersOf && !who.systemAdmins) return [];
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('is_active', '=', true)
    .where((eb) =>
      eb.or([
        ...(who.companyAdminsOf
          ? [eb.and([eb('company_uuid', '=', who.companyAdminsOf), eb('user_type', '=', 'company_admin')])]
          : []),
        ...(who.resellerUsersOf
          ? [eb.and([eb('reseller_uuid', '=', who.resellerUsersOf), eb('user_type', '=', 'reseller')])]
          : []),
        ...(who.systemAdmins ? [eb('user_type', '=', 'admin')] : []),
      ]),
    )
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}

/** Whether the user belongs to the company (a number is assigned only to a user of its own company). */
export async function isUserOf(db: Db, user_uuid: string, company_uuid: string): Promise<boolean> {
  const row = await db
    .selectFrom('users')
    .select('uuid')
    .where('uuid', '=', user_uuid)
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return !!row;
}

/** The users of these addresses (the seeds and the fuzzer find the demo logins so). */
export const usersByEmail = (db: Db, emails: string[]): Promise<UserFacts[]> =>
  emails.length
    ? db
        .selectFrom('users')
        .select([
          'uuid',
          'email',
          'full_name',
          'user_type',
          'is_active',
          'is_admin',
          'company_uuid',
          'reseller_uuid',
          'created_on',
          'reseller_role',
          'time_zone',
        ])
        .where('email', 'in', emails)
        .execute()
    : Promise.resolve([]);

/** The ids of the users whose address matches a wildcard pattern, as a sub-select (the SMS log's filter). */
export const usersWithEmail = (pattern: string): RawBuilder<unknown> =>
  sql`(select u.uuid from users u where u.email ilike ${pattern})`;
