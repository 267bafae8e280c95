// Route quality (issue 49 item 4, docs/delivery-quality.md): delivery measured live per vendor product ×
// destination country from the messages' own moves (an sms trigger's rollups), a pure engine that demotes a route
// under its floor to its fallbacks and promotes it back after a probation, a job on the queue that evaluates every
// ROUTE_QUALITY_CHECK_SECONDS (one node at a time), the catalog's demotions it keeps in step, its /metrics gauges,
// and the system admin's calls (Products → Route quality).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { verdictOf } from './engine';
import { QualityEvaluator } from './evaluate';
import { routeQualityFrom, settingsOf } from './options';
import { metricRows } from './store';
import routeQualityRoutes from './routes';

export { QualityEvaluator, type Pass, type PassChange } from './evaluate';
export type { RouteQualityOptions } from './options';

declare module 'fastify' {
  interface FastifyInstance {
    /** the route quality's evaluation (the job runs it; tests and an admin's change run a pass at once) */
    routeQuality: QualityEvaluator;
  }
}

/** The route quality of an app, from the root instance tests hold or from inside the API. */
export const routeQualityOf = (app: FastifyInstance): QualityEvaluator => apiOf(app).routeQuality;

export const ROUTE_QUALITY_JOB = 'route-quality';
const KEY = 'route-quality';

export default fp(
  async function routeQuality(app: FastifyInstance) {
    const options = routeQualityFrom(app.config.routeQuality, app.config.env);
    const settings = settingsOf(options);
    const evaluator = new QualityEvaluator(app.db, app.catalogRepository, app.catalog, settings, app.log);
    app.decorate('routeQuality', evaluator);

    // The pass is a recurring job (one queued at a time whatever the number of nodes, by its singleton key): the
    // node whose worker takes it evaluates, and queues the next one when it is done.
    let closing = false;
    const next = (inSeconds: number) =>
      app.jobs.send(ROUTE_QUALITY_JOB, {}, { singletonKey: KEY, startAfter: new Date(Date.now() + inSeconds * 1000) });
    await app.jobs.work(
      ROUTE_QUALITY_JOB,
      async () => {
        try {
          await evaluator.evaluate();
        } catch (e) {
          // the next pass tries again; a pass that fails leaves every state and demotion as it was (one transaction)
          app.log.error({ err: (e as Error).message }, 'route quality evaluation failed');
        } finally {
          if (!closing) await next(options.everySeconds);
        }
      },
      { pollingIntervalSeconds: Math.min(5, Math.max(0.5, options.everySeconds)) },
    );
    app.addHook('onReady', async () => {
      await next(options.everySeconds);
    });
    app.addHook('preClose', async () => {
      closing = true;
    });

    // Another node changed the catalog (a demotion, an import): this node's next quote reads it again at once
    // rather than within its one-second check (catalog/migrations.ts 591 publishes the move).
    app.live.subscribe((e) => {
      if (e.k === 'catalog') app.catalog.invalidate();
    });

    app.ops.sources.routeQuality = async () => {
      const { routes, changes } = await metricRows(app.db);
      const names = new Map(
        (
          await app.catalogRepository.vendorProductsNamed(
            app.db,
            routes.map((r) => r.vendor_product_uuid),
          )
        ).map((v) => [v.vendor_product_uuid, v]),
      );
      return {
        changes,
        routes: routes.map((r) => {
          const floor = r.floor === null ? settings.defaultFloor : Number(r.floor);
          const vp = names.get(r.vendor_product_uuid);
          return {
            vendor_product: vp?.vendor_product_name ?? r.vendor_product_uuid,
            vendor: vp?.vendor_name ?? '',
            country: r.iso2,
            state: r.state,
            pin: r.pin,
            floor,
            judged: r.judged,
            delivered_ratio: r.delivered_ratio,
            receipt_ratio: r.receipt_ratio,
            latency_p50: r.latency_p50,
            latency_p95: r.latency_p95,
            under_floor:
              verdictOf(
                {
                  sent: 0,
                  receipts: 0,
                  delivered: 0,
                  judged: r.judged,
                  receiptRatio: r.receipt_ratio,
                  deliveredRatio: r.delivered_ratio,
                  p50: null,
                  p95: null,
                },
                floor,
                settings.minJudged,
              ) === 'under',
          };
        }),
      };
    };

    await app.register(routeQualityRoutes, { evaluator, options, catalog: app.catalogRepository });
  },
  { name: 'route-quality', dependencies: ['jobs', 'catalog', 'live'] },
);
