// The route quality's own rows: each route's state (floor, pin, state, the last evaluation's figures) and its
// changes (events). The rollups are rollup.ts's.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { Figures, Pin, RouteState, RouteStateName } from './engine';

type Db = Kysely<Database> | Transaction<Database>;

export const ISO2 = /^[A-Z]{2}$/;

export interface RouteRow {
  route_quality_uuid: string;
  vendor_product_uuid: string;
  iso2: string;
  /** 0–1, null: the default */
  floor: number | null;
  pin: Pin;
  state: RouteStateName;
  state_since: Date;
  clear_since: Date | null;
}

/** One evaluation and every change of a route (the admin's floor and pin too) takes this lock first. */
export async function lockRoutes(db: Db): Promise<void> {
  await sql`select pg_advisory_xact_lock(hashtext('smsc-route-quality'), hashtext(current_schema()))`.execute(db);
}

const ROUTE_COLUMNS = [
  'route_quality_uuid',
  'vendor_product_uuid',
  'iso2',
  sql<string | null>`floor::text`.as('floor'),
  'pin',
  'state',
  'state_since',
  'clear_since',
] as const;

const asRoute = (r: Omit<RouteRow, 'floor'> & { floor: string | null }): RouteRow => ({
  ...r,
  floor: r.floor === null ? null : Number(r.floor),
});

export const stateOf = (r: RouteRow): RouteState => ({
  state: r.state,
  pin: r.pin,
  floor: r.floor,
  stateSince: r.state_since.getTime(),
  clearSince: r.clear_since ? r.clear_since.getTime() : null,
});

/** Rows for routes seen with traffic that have none yet (active, automatic, the default floor). */
export async function addRoutes(db: Db, keys: { vendor_product_uuid: string; iso2: string }[], now: Date) {
  if (!keys.length) return;
  await db
    .insertInto('route_quality')
    .values(keys.map((k) => ({ vendor_product_uuid: k.vendor_product_uuid, iso2: k.iso2, state_since: now })))
    .onConflict((oc) => oc.columns(['vendor_product_uuid', 'iso2']).doNothing())
    .execute();
}

/**
 * The routes an evaluation visits: those with traffic now (`keys`), and those whose state the engine may still
 * move or whose last figures must clear: demoted, pinned, or with figures from an earlier pass.
 */
export async function routesToVisit(db: Db, keys: { vendor_product_uuid: string; iso2: string }[]) {
  const rows = await db
    .selectFrom('route_quality')
    .select(ROUTE_COLUMNS)
    .where((eb) =>
      eb.or([
        eb('state', '=', 'demoted'),
        eb('pin', '<>', 'auto'),
        eb('sent', '>', 0),
        eb('judged', '>', 0),
        ...(keys.length
          ? [
              sql<boolean>`(vendor_product_uuid, iso2) in (select * from unnest(${keys.map((k) => k.vendor_product_uuid)}::uuid[],
                ${keys.map((k) => k.iso2)}::text[]))`,
            ]
          : []),
      ]),
    )
    .orderBy('route_quality_uuid')
    .forUpdate()
    .execute();
  return rows.map(asRoute);
}

export async function routeById(db: Db, route_quality_uuid: string): Promise<RouteRow | undefined> {
  const r = await db
    .selectFrom('route_quality')
    .select(ROUTE_COLUMNS)
    .where('route_quality_uuid', '=', route_quality_uuid)
    .executeTakeFirst();
  return r && asRoute(r);
}

export interface Visited {
  route: RouteRow;
  next: RouteState;
  figures: Figures;
}

/** Each visited route's state and the figures of its window, in one statement. */
export async function saveVisits(db: Db, visits: Visited[], now: Date): Promise<void> {
  if (!visits.length) return;
  const col = <T>(f: (v: Visited) => T) => visits.map(f);
  const ms = (t: number | null) => (t === null ? null : new Date(t).toISOString());
  await sql`update route_quality q set state = v.state, state_since = v.state_since, clear_since = v.clear_since,
      evaluated_on = ${now}, sent = v.sent, judged = v.judged, delivered = v.delivered, receipts = v.receipts,
      delivered_ratio = v.delivered_ratio, receipt_ratio = v.receipt_ratio, latency_p50 = v.p50, latency_p95 = v.p95
    from unnest(${col((v) => v.route.route_quality_uuid)}::uuid[], ${col((v) => v.next.state)}::text[],
      ${col((v) => ms(v.next.stateSince))}::timestamptz[], ${col((v) => ms(v.next.clearSince))}::timestamptz[],
      ${col((v) => v.figures.sent)}::int[], ${col((v) => v.figures.judged)}::int[], ${col((v) => v.figures.delivered)}::int[],
      ${col((v) => v.figures.receipts)}::int[], ${col((v) => v.figures.deliveredRatio)}::float8[],
      ${col((v) => v.figures.receiptRatio)}::float8[], ${col((v) => v.figures.p50)}::float8[], ${col((v) => v.figures.p95)}::float8[])
      as v(id, state, state_since, clear_since, sent, judged, delivered, receipts, delivered_ratio, receipt_ratio, p50, p95)
    where q.route_quality_uuid = v.id`.execute(db);
}

export interface EventRow {
  route_quality_uuid: string;
  vendor_product_uuid: string;
  iso2: string;
  kind: 'demoted' | 'promoted' | 'floor' | 'pin';
  from_state: RouteStateName;
  to_state: RouteStateName;
  reason: string;
  judged: number | null;
  delivered_ratio: number | null;
  floor: number | null;
  actor_email: string | null;
}

/** The changes' rows (their insert publishes the live event: migrations.ts 594). */
export async function addEvents(db: Db, events: EventRow[]): Promise<void> {
  if (events.length) await db.insertInto('route_quality_events').values(events).execute();
}

/** A route's own floor and pin as the admin set them. */
export async function setFloorAndPin(
  db: Db,
  route_quality_uuid: string,
  patch: { floor?: number | null; pin?: Pin },
): Promise<void> {
  await db.updateTable('route_quality').set(patch).where('route_quality_uuid', '=', route_quality_uuid).execute();
}

/** Every route's state and its last evaluation's figures (/metrics), with the changes so far by kind. */
export async function metricRows(db: Db) {
  const [routes, changes] = await Promise.all([
    db
      .selectFrom('route_quality')
      .select([
        'route_quality_uuid',
        'vendor_product_uuid',
        'iso2',
        sql<string | null>`floor::text`.as('floor'),
        'pin',
        'state',
        'judged',
        'delivered_ratio',
        'receipt_ratio',
        'latency_p50',
        'latency_p95',
      ])
      .where('evaluated_on', 'is not', null)
      .execute(),
    db
      .selectFrom('route_quality_events')
      .select(['kind', sql<number>`count(*)::int`.as('n')])
      .groupBy('kind')
      .execute(),
  ]);
  return { routes, changes };
}

/** A page of a route's changes, newest first, and how many there are. */
export async function routeEvents(db: Db, route_quality_uuid: string, page: number, per_page: number) {
  const q = db.selectFrom('route_quality_events').where('route_quality_uuid', '=', route_quality_uuid);
  const [{ n }, rows] = await Promise.all([
    q.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow(),
    q
      .selectAll()
      .orderBy('created_on', 'desc')
      .orderBy('event_uuid')
      .limit(per_page)
      .offset(page * per_page)
      .execute(),
  ]);
  return { total: Number(n), rows };
}
