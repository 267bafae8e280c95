// The routes as the screen lists them: each route's state, floor and pin, and its figures (and each network's)
// over the decision window, the last hour and the last day, read with the database's clock and including the
// rollups not folded yet.
import { sql, type Kysely } from 'kysely';
import countries from 'i18n-iso-countries';
import type { RouteQuality, RouteQualityListQuery, RouteQualityWindow } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { CatalogRepository } from '../catalog';
import { addSums, EMPTY_SUMS, figuresOf, type QualitySettings, type WindowSums } from './engine';
import { databaseNow, windowSums } from './rollup';

const HOUR = 3_600_000;
const round = (n: number | null, digits: number) => (n === null ? null : Number(n.toFixed(digits)));

export function windowOf(s: WindowSums): RouteQualityWindow {
  const f = figuresOf(s);
  return {
    sent: f.sent,
    receipts: f.receipts,
    delivered: f.delivered,
    judged: f.judged,
    receipt_ratio: round(f.receiptRatio, 4),
    delivered_ratio: round(f.deliveredRatio, 4),
    latency_p50: round(f.p50, 2),
    latency_p95: round(f.p95, 2),
  };
}

const SORTS = {
  vendor_product_name: (r: RouteQuality) => r.vendor_product_name.toLowerCase(),
  country_code: (r: RouteQuality) => r.country_code,
  state: (r: RouteQuality) => r.state,
  state_since: (r: RouteQuality) => r.state_since,
  delivered_ratio: (r: RouteQuality) => r.window.delivered_ratio ?? 2,
} as const;

/** A text filter as the console sends it: `*` for any run of characters, any case. */
const matches = (pattern: string | undefined, value: string) =>
  !pattern || new RegExp(`^${pattern.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`, 'i').test(value);

/** The list of routes (their count is the platform's vendor products × countries with traffic: sorted in memory). */
export async function listRoutes(
  db: Kysely<Database>,
  catalog: Pick<CatalogRepository, 'vendorProductsNamed'>,
  settings: QualitySettings,
  q: RouteQualityListQuery,
  only?: string,
): Promise<{ items: RouteQuality[]; total: number; per_page: number }> {
  let query = db
    .selectFrom('route_quality')
    .select([
      'route_quality_uuid',
      'vendor_product_uuid',
      'iso2',
      sql<string | null>`floor::text`.as('floor'),
      'pin',
      'state',
      'state_since',
      'evaluated_on',
    ]);
  if (only) query = query.where('route_quality_uuid', '=', only);
  if (q.state) query = query.where('state', '=', q.state);
  if (q.pin) query = query.where('pin', '=', q.pin);
  const rows = await query.execute();
  const names = new Map(
    (
      await catalog.vendorProductsNamed(
        db,
        rows.map((r) => r.vendor_product_uuid),
      )
    ).map((v) => [v.vendor_product_uuid, v]),
  );
  const found = rows.filter(
    (r) =>
      names.has(r.vendor_product_uuid) &&
      matches(q.vendor_product_name, names.get(r.vendor_product_uuid)?.vendor_product_name ?? '') &&
      matches(q.country_code, r.iso2),
  );
  const per_page = q.per_page ?? 10;
  const page = q.page ?? 0;
  const bare = found.map((r): RouteQuality => {
    const vp = names.get(r.vendor_product_uuid);
    const empty = windowOf(EMPTY_SUMS);
    return {
      route_quality_uuid: r.route_quality_uuid,
      vendor_product_uuid: r.vendor_product_uuid,
      vendor_product_name: vp?.vendor_product_name ?? '',
      vendor_name: vp?.vendor_name ?? '',
      country_code: r.iso2,
      country: countries.getName(r.iso2, 'en') ?? r.iso2,
      state: r.state,
      state_since: new Date(r.state_since).toISOString(),
      pin: r.pin,
      floor: r.floor === null ? settings.defaultFloor : Number(r.floor),
      floor_is_default: r.floor === null,
      evaluated_on: r.evaluated_on ? new Date(r.evaluated_on).toISOString() : null,
      window: empty,
      last_hour: empty,
      last_day: empty,
      networks: [],
    };
  });
  // the figures first when the order needs them; otherwise only the page's
  const orderBy = (q.order_by ?? 'state') as keyof typeof SORTS;
  const byFigures = orderBy === 'delivered_ratio';
  if (byFigures) await withFigures(db, settings, bare);
  const key = SORTS[orderBy] ?? SORTS.state;
  const dir = (q.order_dir ?? (q.order_by ? 'asc' : 'desc')) === 'asc' ? 1 : -1;
  bare.sort((a, b) => {
    const x = key(a);
    const y = key(b);
    if (x !== y) return (x < y ? -1 : 1) * dir;
    return a.vendor_product_name.localeCompare(b.vendor_product_name) || a.country_code.localeCompare(b.country_code);
  });
  const items = bare.slice(page * per_page, (page + 1) * per_page);
  if (!byFigures) await withFigures(db, settings, items);
  return { items, total: found.length, per_page };
}

/** Fills each route's windows and networks from the rollups. */
async function withFigures(db: Kysely<Database>, settings: QualitySettings, items: RouteQuality[]) {
  if (!items.length) return;
  const windowsMs = [settings.windowMs, HOUR, 24 * HOUR];
  const sums = await windowSums(db, await databaseNow(db), {
    windowsMs,
    receiptWaitMs: settings.receiptWaitMs,
    byNetwork: true,
    withDeltas: true,
    keys: items.map((i) => ({ vendor_product_uuid: i.vendor_product_uuid, iso2: i.country_code })),
  });
  const byRoute = new Map<string, typeof sums>();
  for (const s of sums) {
    const k = `${s.vendor_product_uuid}|${s.iso2}`;
    byRoute.set(k, [...(byRoute.get(k) ?? []), s]);
  }
  for (const item of items) {
    const parts = byRoute.get(`${item.vendor_product_uuid}|${item.country_code}`) ?? [];
    const total = windowsMs.map((_, w) => parts.reduce((acc, p) => addSums(acc, p.windows[w]), EMPTY_SUMS));
    [item.window, item.last_hour, item.last_day] = total.map(windowOf);
    item.networks = parts
      .filter((p) => p.windows[2].sent + p.windows[2].receipts > 0)
      .sort((a, b) => b.windows[2].sent - a.windows[2].sent)
      .map((p) => ({
        network: p.network,
        window: windowOf(p.windows[0]),
        last_hour: windowOf(p.windows[1]),
        last_day: windowOf(p.windows[2]),
      }));
  }
}
