// What other domains read of companies: one company, the one a caller may name, names for lists, a company's
// reseller, the demo companies the seeds look up.
import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { COMPANY_OWNERS, visibleRows, type CallerScope } from '../lib/tenancy';
import type { CompanyRow } from './rows';

type Db = Kysely<Database>;

/** The ids of the companies whose name matches a wildcard pattern, as a sub-select (a list's company filter). */
export const companiesNamed = (pattern: string): RawBuilder<unknown> =>
  sql`(select c.company_uuid from companies c where c.company_name ilike ${pattern})`;

/** One company; undefined when no such company. */
export const companyOf = (db: Db, company_uuid: string): Promise<CompanyRow | undefined> =>
  db.selectFrom('companies').selectAll().where('company_uuid', '=', company_uuid).executeTakeFirst();

/**
 * One company if the caller's scope reaches it (the admin any, a reseller its own, a company role its own), with
 * the days of its payment term (null: none); undefined otherwise, which the caller answers as 404.
 */
export const visibleCompany = (
  db: Db,
  scope: CallerScope,
  company_uuid: string,
): Promise<(CompanyRow & { payment_term_days: number | null }) | undefined> =>
  db
    .selectFrom('companies')
    .leftJoin('payment_terms as t', 't.payment_term_uuid', 'companies.payment_term_uuid')
    .selectAll('companies')
    .select('t.days as payment_term_days')
    .where('companies.company_uuid', '=', company_uuid)
    .where(visibleRows(scope, COMPANY_OWNERS))
    .executeTakeFirst();

/** company_uuid → name, for the ids given. */
export async function companyNames(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (!ids.length) return new Map();
  const rows = await db
    .selectFrom('companies')
    .select(['company_uuid', 'company_name'])
    .where('company_uuid', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((r) => [r.company_uuid, r.company_name]));
}

/** The reseller of a company (null for a direct company or none found). */
export async function resellerOfCompany(db: Db, company_uuid: string): Promise<string | null> {
  const row = await db
    .selectFrom('companies')
    .select('reseller_uuid')
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return row?.reseller_uuid ?? null;
}

/** The companies of these names (the seeds find the demo companies so). */
export const companiesByName = (db: Db, names: string[]): Promise<CompanyRow[]> =>
  names.length
    ? db.selectFrom('companies').selectAll().where('company_name', 'in', names).execute()
    : Promise.resolve([]);
