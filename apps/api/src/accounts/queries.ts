import type { Kysely } from 'kysely';
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
  'users.time_zone',
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
  'companies.retention_redact_days',
  'companies.retention_remove_days',
  'companies.retention_archive',
] as const;
