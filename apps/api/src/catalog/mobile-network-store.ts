// The catalog's statements on mobile networks (reference data), for their handlers (catalog/routes/mobile-networks.ts).
import type { Kysely } from 'kysely';
import type { MobileNetworkListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, wildcard } from '../lib/list';

type Db = Kysely<Database>;

/** Up to five search words, each matching a country, network, operator, ISO code or the start of an MCC. */
export function listMobileNetworks(db: Db, q: MobileNetworkListQuery) {
  let list = db.selectFrom('mobile_networks');
  if (q.iso3) list = list.where('iso3', '=', q.iso3.toUpperCase());
  if (q.mcc) list = list.where('mcc', '=', q.mcc);
  if (q.network_name) list = list.where('network_name', 'ilike', wildcard(q.network_name));
  for (const word of (q.search ?? '').trim().split(/\s+/).filter(Boolean).slice(0, 5)) {
    const like = `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    list = list.where((eb) =>
      eb.or([
        eb('country_name', 'ilike', like),
        eb('network_name', 'ilike', like),
        eb('operator', 'ilike', like),
        eb('iso3', '=', word.toUpperCase()),
        eb('iso2', '=', word.toUpperCase()),
        eb('mcc', 'like', `${word.replace(/\D/g, '') || 'x'}%`),
      ]),
    );
  }
  return listPage(
    q,
    list.selectAll().orderBy('country_name').orderBy('network_name').orderBy('mobile_network_uuid'),
    list,
  );
}

export const mobileNetwork = (db: Db, id: string) =>
  db.selectFrom('mobile_networks').selectAll().where('mobile_network_uuid', '=', id).executeTakeFirst();
