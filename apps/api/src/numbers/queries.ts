import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';
import { orNotFound } from '../lib/tenant';
import { requireNanp } from './phone';
import { callerScope, rowsOf, type TenantColumns } from '../lib/tenancy';
import { accountsRepository, companyRows, resellerRows, userRows } from '../accounts';

/**
 * Numbers the caller may see: the admin every number; a reseller its own stock and its companies'
 * numbers; a company admin its company's; a company user (level own) the numbers assigned to it.
 */
export const DID_OWNERS: TenantColumns = {
  company: 'dids.company_uuid',
  reseller: 'dids.reseller_uuid',
  user: 'dids.user_uuid',
};

/** Numbers with their owners' names, in the public shape of the contract's Did. */
export const didsQuery = (db: Kysely<Database>) =>
  db
    .selectFrom('dids')
    .leftJoin(resellerRows.as('resellers'), 'resellers.reseller_uuid', 'dids.reseller_uuid')
    .leftJoin(companyRows.as('companies'), 'companies.company_uuid', 'dids.company_uuid')
    .leftJoin(userRows.as('users'), 'users.uuid', 'dids.user_uuid')
    .select([
      'dids.did_uuid',
      'dids.did',
      'dids.type',
      'dids.did_type',
      'dids.is_toll_free',
      'dids.area_code',
      'dids.state',
      'dids.country_uuid',
      'dids.description',
      sql<string>`dids.monthly_price::text`.as('monthly_price'),
      'dids.vendor_uuid',
      'dids.reseller_uuid',
      'resellers.reseller_name',
      'dids.company_uuid',
      'companies.company_name',
      'dids.user_uuid',
      'users.full_name as user_name',
      sql<boolean>`dids.company_uuid is not null`.as('is_assigned'),
      'dids.created_on',
    ]);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A path's {did}: the row's uuid, or the number itself in any common spelling. */
export function didKey(param: string): Expression<SqlBool> {
  if (UUID.test(param)) return sql<boolean>`dids.did_uuid = ${param}`;
  return sql<boolean>`dids.did = ${requireNanp(param).e164}`;
}

export async function findDid(db: Kysely<Database>, req: FastifyRequest, param: string) {
  return orNotFound(
    await didsQuery(db).where(didKey(param)).where(rowsOf(req, DID_OWNERS)).executeTakeFirst(),
    'Number',
  );
}

/** A company the caller may give numbers to: the admin any, a reseller its own, a company admin its own. */
export async function requireCompany(
  db: Kysely<Database>,
  req: FastifyRequest,
  companyUuid: string,
): Promise<{ company_uuid: string; reseller_uuid: string | null; product_uuid: string | null }> {
  const row = await accountsRepository.visibleCompany(db, callerScope(req), companyUuid);
  if (!row) throw new HttpError(404, 'Company not found');
  return { company_uuid: row.company_uuid, reseller_uuid: row.reseller_uuid, product_uuid: row.product_uuid };
}

/** ISO-2 → country_uuid, from the reference countries table. */
export const countryUuid = (db: Kysely<Database>, iso2: string | null): Promise<string | null> =>
  accountsRepository.countryOf(db, iso2);
