// Lookups for the messaging pipeline: a sender must be one of the company's numbers, and an incoming
// message is routed to the company (and user) that holds the number it was sent to.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseNanp } from './phone';

export interface NumberOwner {
  did_uuid: string;
  did: string;
  company_uuid: string;
  user_uuid: string | null;
  did_type: 'ani' | 'dnis';
}

const normalize = (number: string) => parseNanp(number)?.e164 ?? null;

/** True when the number (any common spelling) belongs to the company and may send (did_type ani). */
export async function isCompanyNumber(db: Kysely<Database>, companyUuid: string, number: string): Promise<boolean> {
  const e164 = normalize(number);
  if (!e164) return false;
  const row = await db
    .selectFrom('dids')
    .select('did_uuid')
    .where('did', '=', e164)
    .where('company_uuid', '=', companyUuid)
    .where('did_type', '=', 'ani')
    .executeTakeFirst();
  return !!row;
}

/** The company and user holding a number, for an incoming message; null when nobody holds it. */
export async function findNumberOwner(db: Kysely<Database>, number: string): Promise<NumberOwner | null> {
  const e164 = normalize(number);
  if (!e164) return null;
  const row = await db
    .selectFrom('dids')
    .select(['did_uuid', 'did', 'company_uuid', 'user_uuid', 'did_type'])
    .where('did', '=', e164)
    .where('company_uuid', 'is not', null)
    .executeTakeFirst();
  return row ? { ...row, company_uuid: row.company_uuid as string } : null;
}

/** A company's sending number by id (did_type ani), with whether it is toll-free; undefined when it has none such. */
export async function companySendingNumber(
  db: Kysely<Database>,
  companyUuid: string,
  didUuid: string,
): Promise<{ did_uuid: string; did: string; is_toll_free: boolean } | undefined> {
  return db
    .selectFrom('dids')
    .select(['did_uuid', 'did', 'is_toll_free'])
    .where('did_uuid', '=', didUuid)
    .where('company_uuid', '=', companyUuid)
    .where('did_type', '=', 'ani')
    .executeTakeFirst();
}
