// Company names and resellers for domains that list rows of several companies (accounts' own table, read here).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** company_uuid → name, for the ids given. */
export async function companyNames(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['company_uuid', 'company_name'])
    .where('company_uuid', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.company_uuid, r.company_name]));
}

/** The reseller of a company (null for a direct company or none found). */
export async function resellerOfCompany(db: Kysely<Database>, companyUuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('companies')
    .select('reseller_uuid')
    .where('company_uuid', '=', companyUuid)
    .executeTakeFirst();
  return row?.reseller_uuid ?? null;
}

/** users.uuid → email, for the ids given (who made a change another domain records). */
export async function userEmails(db: Kysely<Database>, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('users')
    .select(['uuid', 'email'])
    .where('uuid', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.uuid, r.email]));
}
