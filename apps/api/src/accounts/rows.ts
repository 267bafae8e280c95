// The accounts' rows as relations another domain's statement reads beside its own tables, in one round trip:
// `.leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'sms.company_uuid')` in Kysely, or
// `left join ${companyRows} c on c.company_uuid = i.company_uuid` in a `sql` template. Each is a plain sub-select,
// which PostgreSQL pulls up into the join: the statement's plan is the one the table itself would get. Reads only:
// a write to an accounts table is a repository call. The users' relation leaves out what signs a user in.
import { sql, type Selectable } from 'kysely';
import type { Database } from '../db/schema';

export type CompanyRow = Selectable<Database['companies']>;
export type ResellerRow = Selectable<Database['resellers']>;
/** A user as other domains may read it: no password hash, no session marks. */
export type UserFacts = Omit<
  Selectable<Database['users']>,
  'password_hash' | 'password_change_jti' | 'password_changed_at' | 'sessions_valid_from' | 'sessions_keep_jti'
>;

export const companyRows = sql<CompanyRow>`(select * from companies)`;
export const resellerRows = sql<ResellerRow>`(select * from resellers)`;
export const userRows = sql<UserFacts>`(select uuid, email, full_name, user_type, is_active, is_admin, company_uuid,
  reseller_uuid, created_on, reseller_role, time_zone from users)`;
