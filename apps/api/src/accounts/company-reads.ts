// What other domains read of companies: one company, the one a caller may name, names for lists, a company's
// reseller, the demo companies the seeds look up.
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { COMPANY_OWNERS, visibleRows, type CallerScope, type TenantColumns } from '../lib/tenancy';
import type { CompanyRow } from './rows';

type Db = Kysely<Database>;
/** a company under the alias c, in the caller's scope */
const IN_SCOPE: TenantColumns = { company: 'c.company_uuid', companyReseller: 'c.reseller_uuid' };

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

/** How many companies a product prices, as a scalar sub-select beside the product's own columns. */
export const companyCountOn = (product: Expression<string>): RawBuilder<number> =>
  sql<number>`(select count(*)::int from companies c where c.product_uuid = ${product})`;

/** The companies a product prices that the caller's scope reaches, by name (at most `limit`). */
export const companiesOnProduct = (
  db: Db,
  scope: CallerScope,
  product_uuid: string,
  limit: number,
): Promise<{ company_uuid: string; company_name: string; reseller_uuid: string | null }[]> =>
  db
    .selectFrom('companies as c')
    .select(['c.company_uuid', 'c.company_name', 'c.reseller_uuid'])
    .where('c.product_uuid', '=', product_uuid)
    .where(visibleRows(scope, IN_SCOPE))
    .orderBy('c.company_name')
    .orderBy('c.company_uuid')
    .limit(limit)
    .execute();

/** The companies of these names (the seeds find the demo companies so). */
export const companiesByName = (db: Db, names: string[]): Promise<CompanyRow[]> =>
  names.length
    ? db.selectFrom('companies').selectAll().where('company_name', 'in', names).execute()
    : Promise.resolve([]);
