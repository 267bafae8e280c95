// What other domains read of the reference data accounts keeps: the STOP-text filters a reseller (or the
// platform) sets.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The active STOP-text filters of a reseller, or the platform's for null (a direct company's). */
export async function stopTexts(db: Db, reseller_uuid: string | null): Promise<string[]> {
  let q = db.selectFrom('stop_text_filters').select('text').where('is_active', '=', true);
  q = reseller_uuid ? q.where('reseller_uuid', '=', reseller_uuid) : q.where('reseller_uuid', 'is', null);
  return (await q.execute()).map((r) => r.text);
}
