// Accounts' reads of the countries and area codes for the reference routes (reference-reads.ts holds what other
// domains read of them). Each takes the executor first.
import type { Kysely } from 'kysely';
import type { AreaCodeListQuery, CountryListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';

type Db = Kysely<Database>;

export function listCountries(db: Db, q: CountryListQuery) {
  let base = db.selectFrom('countries');
  if (q.nice_name) base = base.where('nice_name', 'ilike', wildcard(q.nice_name));
  const { col, dir } = ordering(q, ['nice_name', 'iso2'] as const, 'nice_name');
  return listPage(q, base.selectAll().orderBy(col, dir).orderBy('country_uuid'), base, 1000);
}

/** The country, or undefined when there is none of this id. */
export const countryRow = (db: Db, country_uuid: string) =>
  db.selectFrom('countries').selectAll().where('country_uuid', '=', country_uuid).executeTakeFirst();

export function listAreaCodes(db: Db, q: AreaCodeListQuery) {
  let base = db.selectFrom('area_codes');
  if (q.country_uuid) base = base.where('country_uuid', '=', q.country_uuid);
  return listPage(q, base.selectAll().orderBy('code'), base, 1000);
}
