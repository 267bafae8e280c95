// What other domains read of the reference data accounts keeps: the countries, the STOP-text filters a reseller
// (or the platform) sets.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Every country of the reference list, by name. */
export const countries = (db: Db): Promise<{ country_uuid: string; iso2: string; nice_name: string }[]> =>
  db.selectFrom('countries').select(['country_uuid', 'iso2', 'nice_name']).orderBy('nice_name').execute();

/** ISO-2 → country_uuid (null: no such country, or none asked). */
export async function countryOf(db: Db, iso2: string | null): Promise<string | null> {
  if (!iso2) return null;
  const row = await db.selectFrom('countries').select('country_uuid').where('iso2', '=', iso2).executeTakeFirst();
  return row?.country_uuid ?? null;
}

/** The active STOP-text filters of a reseller, or the platform's for null (a direct company's). */
export async function stopTexts(db: Db, reseller_uuid: string | null): Promise<string[]> {
  let q = db.selectFrom('stop_text_filters').select('text').where('is_active', '=', true);
  q = reseller_uuid ? q.where('reseller_uuid', '=', reseller_uuid) : q.where('reseller_uuid', 'is', null);
  return (await q.execute()).map((r) => r.text);
}
