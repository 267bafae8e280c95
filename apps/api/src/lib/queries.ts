import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/** The public user shape (never the password hash), with the company name for lists. */
export const usersQuery = (db: Kysely<Database>) =>
  db.selectFrom('users').leftJoin('companies', 'companies.company_uuid', 'users.company_uuid');
export const USER_COLUMNS = [
  'users.uuid',
  'users.email',
  'users.full_name',
  'users.user_type',
  'users.is_active',
  'users.is_admin',
  'users.company_uuid',
  'companies.company_name',
  'users.reseller_uuid',
  'users.created_on',
] as const;

export const companiesQuery = (db: Kysely<Database>) =>
  db.selectFrom('companies').leftJoin('resellers', 'resellers.reseller_uuid', 'companies.reseller_uuid');
export const COMPANY_COLUMNS = [
  'companies.company_uuid',
  'companies.company_name',
  'companies.reseller_uuid',
  'resellers.reseller_name',
  'companies.payment_term_uuid',
  'companies.status',
  'companies.prepay',
  'companies.is_below_credit_limit',
  'companies.is_created_by_admin',
  'companies.created_on',
  'companies.time_zone',
  'companies.users_see_money',
  'companies.price_notice_days',
] as const;

/** The ids of the users whose name matches a wildcard pattern, as a sub-select (the SMS log's "Sent by" filter). */
export const usersNamed = (pattern: string): RawBuilder<unknown> =>
  sql`(select u.uuid from users u where u.full_name ilike ${pattern})`;

/** A company's plan (the product that prices its messages) and reseller; undefined when no such company. */
export const companyPlan = (db: Kysely<Database>, company_uuid: string) =>
  db
    .selectFrom('companies')
    .select(['company_uuid', 'product_uuid', 'reseller_uuid'])
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();

/** Whether a reseller of this id exists (an id taken from a request before anything is written for it). */
export const resellerExists = async (db: Kysely<Database>, reseller_uuid: string): Promise<boolean> =>
  !!(await db
    .selectFrom('resellers')
    .select('reseller_uuid')
    .where('reseller_uuid', '=', reseller_uuid)
    .executeTakeFirst());
