// The catalog's statements on routings and their routes, for the routing handlers (catalog/routes/routing.ts).
// Writes take the caller's executor: inside the handler's transaction they receive its `trx`.
import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { RouteLine, RoutingListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { listPage, ordering, wildcard } from '../lib/list';
import { priceText, rateColumns, rateSelect } from './routes/rate-query';

type Db = Kysely<Database>;

const routingSelect = (db: Db) =>
  db
    .selectFrom('routings')
    .select([
      'routing_uuid',
      'routing_name',
      'reseller_uuid',
      'created_on',
      sql<number>`(select count(*)::int from routes r where r.routing_uuid = routings.routing_uuid)`.as('route_count'),
    ]);

/** The routing with its route count when `visible` lets the caller see it, or undefined. */
export const visibleRouting = (db: Db, id: string, visible: Expression<SqlBool>) =>
  routingSelect(db).where('routing_uuid', '=', id).where(visible).executeTakeFirst();

/** A routing's routes in order, with the names the answers and the audit show. */
export const routesOf = (db: Db, routing_uuid: string) =>
  db
    .selectFrom('routes')
    .innerJoin('vendor_products as vp', 'vp.vendor_product_uuid', 'routes.vendor_product_uuid')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .leftJoin('mobile_networks as mn', 'mn.mobile_network_uuid', 'routes.mobile_network_uuid')
    .select([
      'routes.route_uuid',
      'routes.code',
      'routes.mobile_network_uuid',
      'mn.network_name',
      'routes.vendor_product_uuid',
      'vp.vendor_product_name',
      'v.vendor_uuid',
      'v.vendor_name',
      'routes.is_pinned',
    ])
    .where('routes.routing_uuid', '=', routing_uuid)
    .orderBy('routes.position')
    .orderBy('routes.route_uuid')
    .execute();

export function listRoutings(db: Db, visible: Expression<SqlBool>, q: RoutingListQuery) {
  let list = routingSelect(db).where(visible);
  if (q.routing_name) list = list.where('routing_name', 'ilike', wildcard(q.routing_name));
  const { col, dir } = ordering(q, ['routing_name', 'created_on'] as const, 'routing_name');
  return listPage(q, list.orderBy(col, dir).orderBy('routing_uuid'), db.selectFrom(list.as('l')));
}

/** Which of these vendor products belong to vendors of this owner (null: the system's). */
export const ownedVendorProducts = (db: Db, ids: string[], owner: string | null) =>
  db
    .selectFrom('vendor_products as vp')
    .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
    .select('vp.vendor_product_uuid')
    .where('vp.vendor_product_uuid', 'in', ids)
    .where(sql<boolean>`v.reseller_uuid is not distinct from ${owner}`)
    .execute();

/** Which of these mobile networks exist. */
export const existingNetworks = (db: Db, ids: string[]) =>
  db.selectFrom('mobile_networks').select('mobile_network_uuid').where('mobile_network_uuid', 'in', ids).execute();

/** The vendor a vendor product belongs to, or undefined. */
export const vendorOfProduct = (db: Db, vendor_product_uuid: string) =>
  db
    .selectFrom('vendor_products')
    .select('vendor_uuid')
    .where('vendor_product_uuid', '=', vendor_product_uuid)
    .executeTakeFirst();

const routeRows = (routing_uuid: string, lines: RouteLine[], start = 0) =>
  lines.map((l, i) => ({
    routing_uuid,
    code: l.code ?? null,
    mobile_network_uuid: l.mobile_network_uuid ?? null,
    vendor_product_uuid: l.vendor_product_uuid,
    is_pinned: l.is_pinned ?? false,
    position: start + i,
  }));

/** Stores the route lines from position `start` on (nothing for none). */
export async function insertRoutes(db: Db, routing_uuid: string, lines: RouteLine[], start = 0) {
  if (lines.length)
    await db
      .insertInto('routes')
      .values(routeRows(routing_uuid, lines, start))
      .execute();
}

/** The new routing's id. */
export const insertRouting = async (db: Db, routing_name: string, reseller_uuid: string | null) =>
  (
    await db
      .insertInto('routings')
      .values({ routing_name, reseller_uuid })
      .returning('routing_uuid')
      .executeTakeFirstOrThrow()
  ).routing_uuid;

export const renameRouting = (db: Db, routing_uuid: string, routing_name: string) =>
  db.updateTable('routings').set({ routing_name }).where('routing_uuid', '=', routing_uuid).execute();

export const deleteRoutes = (db: Db, routing_uuid: string) =>
  db.deleteFrom('routes').where('routing_uuid', '=', routing_uuid).execute();

export const deleteRouting = (db: Db, routing_uuid: string) =>
  db.deleteFrom('routings').where('routing_uuid', '=', routing_uuid).execute();

/** The position after the routing's last route (0 when it has none). */
export const nextRoutePosition = async (db: Db, routing_uuid: string) =>
  (
    await db
      .selectFrom('routes')
      .select(sql<number>`coalesce(max(position), -1)::int`.as('p'))
      .where('routing_uuid', '=', routing_uuid)
      .executeTakeFirstOrThrow()
  ).p + 1;

/**
 * The rates of the owner's vendor products (for one mobile network, or all), cheapest first, at most 1000, and
 * whether the routing uses each product.
 */
export function vendorRatesForRouting(
  db: Db,
  routing: { routing_uuid: string; reseller_uuid: string | null },
  mobile_network_uuid?: string,
) {
  let list = rateSelect(db)
    .select([
      ...rateColumns,
      priceText,
      'v.vendor_name',
      sql<boolean>`exists (select 1 from routes r where r.routing_uuid = ${routing.routing_uuid} and r.vendor_product_uuid = rates.vendor_product_uuid)`.as(
        'in_routing',
      ),
    ])
    .where('rates.vendor_product_uuid', 'is not', null)
    .where(sql<boolean>`v.reseller_uuid is not distinct from ${routing.reseller_uuid}`);
  if (mobile_network_uuid) list = list.where('rates.mobile_network_uuid', '=', mobile_network_uuid);
  return list.orderBy('rates.price').orderBy('rates.rate_uuid').limit(1000).execute();
}
