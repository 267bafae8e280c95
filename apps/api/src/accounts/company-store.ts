// Accounts' statements on companies for the company routes and the person's own profile (what other domains read
// or change of a company is company-reads.ts and company-writes.ts). `scope` is the caller's visible companies
// (rowsOf with COMPANY_OWNERS). Each takes the executor first, so a call joins the caller's transaction.
import type { Expression, Insertable, Kysely, SqlBool, Updateable } from 'kysely';
import type { CompanyListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { COMPANY_COLUMNS, companiesQuery } from './queries';

type Db = Kysely<Database>;
type Companies = Database['companies'];
const ORDER = ['company_name', 'created_on', 'status'] as const;

export function listCompanies(db: Db, scope: Expression<SqlBool>, q: CompanyListQuery) {
  let base = companiesQuery(db).where(scope);
  if (q.company_name) base = base.where('companies.company_name', 'ilike', wildcard(q.company_name));
  if (q.company_uuid) base = base.where('companies.company_uuid', '=', q.company_uuid);
  if (q.reseller_uuid) base = base.where('companies.reseller_uuid', '=', q.reseller_uuid);
  if (q.reseller_name) base = base.where('resellers.reseller_name', 'ilike', wildcard(q.reseller_name));
  if (q.payment_term_uuid) base = base.where('companies.payment_term_uuid', '=', q.payment_term_uuid);
  if (q.status) base = base.where('companies.status', '=', q.status);
  if (q.is_below_credit_limit !== undefined)
    base = base.where('companies.is_below_credit_limit', '=', q.is_below_credit_limit);
  if (q.prepay !== undefined) base = base.where('companies.prepay', '=', q.prepay);
  if (q.is_created_by_admin !== undefined)
    base = base.where('companies.is_created_by_admin', '=', q.is_created_by_admin);
  const { col, dir } = ordering(q, ORDER, 'company_name');
  return listPage(
    q,
    base.select(COMPANY_COLUMNS).orderBy(`companies.${col}`, dir).orderBy('companies.company_uuid'),
    base,
    10000,
  );
}

/** The company as the API shows it, or undefined when there is none of this id in scope. */
export const companyInScope = (db: Db, scope: Expression<SqlBool>, company_uuid: string) =>
  companiesQuery(db)
    .select(COMPANY_COLUMNS)
    .where('companies.company_uuid', '=', company_uuid)
    .where(scope)
    .executeTakeFirst();

/** Whether a company of this id is in scope (a reseller names one for a new user). */
export const companyIdInScope = (db: Db, scope: Expression<SqlBool>, company_uuid: string) =>
  companiesQuery(db)
    .select('companies.company_uuid')
    .where('companies.company_uuid', '=', company_uuid)
    .where(scope)
    .executeTakeFirst();

/** The company, then its first admin when given (without its company), on `trx`; answers the company's id. */
export async function insertCompany(
  trx: Db,
  company: Insertable<Companies>,
  admin: Omit<Insertable<Database['users']>, 'company_uuid'> | null,
): Promise<{ company_uuid: string }> {
  const row = await trx.insertInto('companies').values(company).returning('company_uuid').executeTakeFirstOrThrow();
  if (admin)
    await trx
      .insertInto('users')
      .values({ ...admin, company_uuid: row.company_uuid })
      .execute();
  return row;
}

export async function updateCompany(db: Db, company_uuid: string, set: Updateable<Companies>): Promise<void> {
  await db.updateTable('companies').set(set).where('company_uuid', '=', company_uuid).execute();
}

export async function deleteCompany(db: Db, company_uuid: string): Promise<void> {
  await db.deleteFrom('companies').where('company_uuid', '=', company_uuid).execute();
}
