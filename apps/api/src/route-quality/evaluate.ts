// One evaluation pass (the job's, every ROUTE_QUALITY_CHECK_SECONDS; an admin's change of a floor or pin runs one
// too): in one transaction under the route quality's lock, fold the rollups, read each route's window with the
// database's clock, let the engine step every route, and write what moved: the state, an event (whose insert is
// the live event), an audit entry, the system admins' alert mail for what the measurements moved (alerts.ts), and
// the catalog's demotions with a catalog version bump. After the commit this
// process's compiled catalog is invalidated, so its next quote already routes around a demoted route; other
// processes hear of the version move (catalog/migrations.ts 591) or find it within their one-second check.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import type { CatalogCache, CatalogRepository, DemotionChange } from '../catalog';
import { recordAudit, type AuditActor } from '../security';
import { EMPTY_SUMS, figuresOf, step, type QualitySettings } from './engine';
import { databaseNow, fold, windowSums } from './rollup';
import { alertAdmins, type AlertedChange } from './alerts';
import {
  addEvents,
  addRoutes,
  ISO2,
  lockRoutes,
  routesToVisit,
  saveVisits,
  stateOf,
  type EventRow,
  type Visited,
} from './store';

const ENGINE: AuditActor = { uuid: null, email: null, type: null, ip: null };

export interface PassChange {
  route_quality_uuid: string;
  vendor_product_uuid: string;
  vendor_product_name: string;
  iso2: string;
  to: 'active' | 'demoted';
  reason: string;
}

export interface Pass {
  /** the database's time the pass judged at */
  at: Date;
  visited: number;
  changes: PassChange[];
  /** demotions the catalog took or gave back (a catalog version bump when any) */
  demotionsChanged: number;
}

const keyOf = (r: { vendor_product_uuid: string; iso2: string }) => `${r.vendor_product_uuid}|${r.iso2}`;

export class QualityEvaluator {
  /** the last pass, set once its commit is done and this process's catalog was told */
  lastPass: Pass | null = null;
  passes = 0;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: Pick<CatalogRepository, 'setDemotions' | 'demotions' | 'vendorProductsNamed'>,
    private readonly cache: Pick<CatalogCache, 'invalidate'>,
    private readonly settings: QualitySettings,
    private readonly log: Pick<FastifyBaseLogger, 'warn' | 'info'>,
  ) {}

  async evaluate(): Promise<Pass> {
    const pass = await this.db.transaction().execute(async (trx) => {
      await lockRoutes(trx);
      const now = await databaseNow(trx);
      await fold(trx, now);
      const sums = (
        await windowSums(trx, now, {
          windowsMs: [this.settings.windowMs],
          receiptWaitMs: this.settings.receiptWaitMs,
          byNetwork: false,
          withDeltas: false,
        })
      ).filter((r) => ISO2.test(r.iso2) && r.windows[0].sent + r.windows[0].receipts > 0);
      const named = new Map(
        (
          await this.catalog.vendorProductsNamed(
            trx,
            sums.map((s) => s.vendor_product_uuid),
          )
        ).map((v) => [v.vendor_product_uuid, v]),
      );
      // a vendor product deleted since its messages were sent is measured no more
      const live = sums.filter((s) => named.has(s.vendor_product_uuid));
      await addRoutes(trx, live, now);
      const windows = new Map(live.map((s) => [keyOf(s), s.windows[0]]));
      const routes = await routesToVisit(trx, live);
      const unnamed = routes.map((r) => r.vendor_product_uuid).filter((id) => !named.has(id));
      for (const v of await this.catalog.vendorProductsNamed(trx, unnamed)) named.set(v.vendor_product_uuid, v);

      const visits: Visited[] = [];
      const events: EventRow[] = [];
      const changes: PassChange[] = [];
      const alerted: AlertedChange[] = [];
      for (const route of routes) {
        const figures = figuresOf(windows.get(keyOf(route)) ?? EMPTY_SUMS);
        const { next, change } = step(stateOf(route), figures, now.getTime(), this.settings);
        visits.push({ route, next, figures });
        if (!change) continue;
        const vp = named.get(route.vendor_product_uuid);
        changes.push({
          route_quality_uuid: route.route_quality_uuid,
          vendor_product_uuid: route.vendor_product_uuid,
          vendor_product_name: vp?.vendor_product_name ?? route.vendor_product_uuid,
          iso2: route.iso2,
          to: change.to,
          reason: change.reason,
        });
        events.push({
          route_quality_uuid: route.route_quality_uuid,
          vendor_product_uuid: route.vendor_product_uuid,
          iso2: route.iso2,
          kind: change.to === 'demoted' ? 'demoted' : 'promoted',
          from_state: route.state,
          to_state: change.to,
          reason: change.reason,
          judged: figures.judged,
          delivered_ratio: figures.deliveredRatio,
          floor: route.floor ?? this.settings.defaultFloor,
          actor_email: null,
        });
        if (route.pin === 'auto')
          alerted.push({
            vendor_product_name: vp?.vendor_product_name ?? route.vendor_product_uuid,
            vendor_name: vp?.vendor_name ?? null,
            iso2: route.iso2,
            to: change.to,
            reason: change.reason,
          });
        const shown = {
          vendor_product: vp?.vendor_product_name ?? null,
          country: route.iso2,
          reseller_uuid: vp?.reseller_uuid ?? null,
        };
        await recordAudit(
          trx,
          ENGINE,
          'route_quality',
          route.route_quality_uuid,
          { ...shown, state: route.state },
          { ...shown, state: change.to, reason: change.reason },
        );
      }
      await saveVisits(trx, visits, now);
      await addEvents(trx, events);
      await alertAdmins(trx, alerted);
      const demotionsChanged = await this.reconcile(trx, routes, visits);
      return { at: now, visited: visits.length, changes, demotionsChanged };
    });
    // after the commit: this process's next quote reads the catalog with the demotions as committed
    if (pass.demotionsChanged) this.cache.invalidate();
    for (const c of pass.changes)
      this.log.warn(
        { route_quality_uuid: c.route_quality_uuid, vendor_product: c.vendor_product_name, country: c.iso2, to: c.to },
        `route ${c.vendor_product_name} → ${c.iso2} ${c.to === 'demoted' ? 'demoted' : 'promoted back'}: ${c.reason}`,
      );
    this.lastPass = pass;
    this.passes++;
    return pass;
  }

  /**
   * The catalog's demotions made to match the states: each visited route's, and any demotion whose route is no
   * longer demoted or no longer exists (so a missed write heals at the next pass).
   */
  private async reconcile(
    trx: Kysely<Database>,
    routes: { vendor_product_uuid: string; iso2: string }[],
    visits: Visited[],
  ) {
    const want = new Map<string, DemotionChange>();
    for (const v of visits)
      want.set(keyOf(v.route), {
        vendor_product_uuid: v.route.vendor_product_uuid,
        iso2: v.route.iso2,
        demoted: v.next.state === 'demoted',
      });
    const visited = new Set(routes.map(keyOf));
    const current = await this.catalog.demotions(trx);
    const have = new Set(current.map(keyOf));
    const changes = [...want.values()].filter((c) => c.demoted !== have.has(keyOf(c)));
    // every demoted route is visited: a demotion without a visited route is left over
    for (const d of current)
      if (!visited.has(keyOf(d)))
        changes.push({ vendor_product_uuid: d.vendor_product_uuid, iso2: d.iso2, demoted: false });
    return changes.length ? this.catalog.setDemotions(trx, changes) : 0;
  }
}
