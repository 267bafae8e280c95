// The statements on number_lookups: the answers kept until they expire, read for a batch of numbers in one round
// trip and written in one upsert. The table is the platform's (a number's network is no tenant's data).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { PersonalDataHolder } from '../lib/personal-data';

export type LookupRow = Database['number_lookups'];

/** The answers still in force at `now` for these numbers (E.164 with the plus). */
export async function keptAnswers(db: Kysely<Database>, numbers: readonly string[], now: Date): Promise<LookupRow[]> {
  if (!numbers.length) return [];
  return db
    .selectFrom('number_lookups')
    .selectAll()
    .where('number', 'in', [...numbers])
    .where('expires_on', '>', now)
    .execute();
}

/** Keeps answers (a number asked again replaces its row). */
export async function keepAnswers(db: Kysely<Database>, rows: LookupRow[]): Promise<void> {
  if (!rows.length) return;
  await db
    .insertInto('number_lookups')
    .values(rows)
    .onConflict((oc) =>
      oc.column('number').doUpdateSet((eb) => ({
        status: eb.ref('excluded.status'),
        mcc: eb.ref('excluded.mcc'),
        mnc: eb.ref('excluded.mnc'),
        network_name: eb.ref('excluded.network_name'),
        ported: eb.ref('excluded.ported'),
        line_type: eb.ref('excluded.line_type'),
        provider: eb.ref('excluded.provider'),
        looked_up_on: eb.ref('excluded.looked_up_on'),
        expires_on: eb.ref('excluded.expires_on'),
      })),
    )
    .execute();
}

/** Drops answers that expired before `before` (a number not messaged again would keep its row otherwise). */
export async function dropExpired(db: Kysely<Database>, before: Date): Promise<number> {
  const r = await db.deleteFrom('number_lookups').where('expires_on', '<', before).executeTakeFirst();
  return Number(r.numDeletedRows);
}

/**
 * A number's cached lookup, for privacy requests (lib/personal-data.ts): the platform's own data, so only the system
 * admin's export lists it; any erasure of the number drops it (a cache: the next message asks the provider again).
 */
export const lookupsHeld: PersonalDataHolder = {
  name: 'number_lookups',
  async find(db, scope, { e164 }) {
    if (!('all' in scope)) return [];
    return db
      .selectFrom('number_lookups')
      .select(['number', 'status', 'mcc', 'mnc', 'network_name', 'ported', 'line_type', 'provider', 'looked_up_on'])
      .where('number', '=', e164)
      .execute();
  },
  async erase(trx, _scope, { e164 }) {
    const r = await trx.deleteFrom('number_lookups').where('number', '=', e164).executeTakeFirst();
    return Number(r.numDeletedRows);
  },
};
