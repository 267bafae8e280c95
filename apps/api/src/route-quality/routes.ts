// The system admin's calls on route quality (Products → Route quality): the routes with their figures, a route's
// own floor and pin, its changes, and the rules in force. Who may call what: docs/authorization.md.
import type { FastifyInstance } from 'fastify';
import {
  IdParam,
  ListPage,
  PageQuery,
  RouteQuality,
  RouteQualityEvent,
  RouteQualityListQuery,
  RouteQualityPatch,
  RouteQualitySettings,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { FieldError, notFound } from '../lib/http-error';
import { recordAudit } from '../security';
import type { CatalogRepository } from '../catalog';
import type { Pin } from './engine';
import type { QualityEvaluator } from './evaluate';
import type { RouteQualityOptions } from './options';
import { settingsOf } from './options';
import { listRoutes } from './listing';
import { addEvents, lockRoutes, routeById, routeEvents, setFloorAndPin, type EventRow } from './store';

const cfg = { config: { access: adminOnly } };
const tags = ['route quality'];
const PIN_WORDS: Record<Pin, string> = {
  auto: 'automatic again: its measurements decide',
  on: 'pinned always on: never demoted',
  off: 'held off: demoted until an admin lets it go',
};
const pct = (r: number) => `${(Math.round(r * 1000) / 10).toLocaleString('en')} %`;

export default async function routeQualityRoutes(
  base: FastifyInstance,
  opts: { evaluator: QualityEvaluator; options: RouteQualityOptions; catalog: CatalogRepository },
) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const settings = settingsOf(opts.options);
  const one = async (id: string) => (await listRoutes(app.db, opts.catalog, settings, {}, id)).items[0];

  app.get(
    '/route_quality/list',
    {
      ...cfg,
      schema: {
        tags,
        querystring: RouteQualityListQuery,
        response: { 200: ListPage(RouteQuality) },
        description:
          'Each vendor product × destination country with traffic: its state (active, or demoted to its fallbacks), floor and pin, and its receipt and delivered ratios and receipt latency over the decision window, the last hour and the last day, per network too. Sorted by state (demoted first) unless asked otherwise.',
      },
    },
    async (req) => listRoutes(app.db, opts.catalog, settings, req.query),
  );

  app.get(
    '/route_quality/settings',
    { ...cfg, schema: { tags, response: { 200: RouteQualitySettings } } },
    async () => ({
      default_floor: settings.defaultFloor,
      min_judged: settings.minJudged,
      window_seconds: opts.options.windowSeconds,
      receipt_wait_seconds: opts.options.receiptWaitSeconds,
      probation_seconds: opts.options.probationSeconds,
      check_seconds: opts.options.everySeconds,
    }),
  );

  app.get(
    '/route_quality/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: RouteQuality } } },
    async (req) => {
      const row = await one(req.params.id);
      if (!row) throw notFound('Route');
      return row;
    },
  );

  app.get(
    '/route_quality/:id/events',
    {
      ...cfg,
      schema: { tags, params: IdParam, querystring: PageQuery, response: { 200: ListPage(RouteQualityEvent) } },
    },
    async (req) => {
      if (!(await routeById(app.db, req.params.id))) throw notFound('Route');
      const per_page = req.query.per_page ?? 10;
      const page = req.query.page ?? 0;
      const { total, rows } = await routeEvents(app.db, req.params.id, page, per_page);
      return {
        total,
        per_page,
        items: rows.map((r) => ({
          event_uuid: r.event_uuid,
          kind: r.kind,
          from_state: r.from_state,
          to_state: r.to_state,
          reason: r.reason,
          judged: r.judged,
          delivered_ratio: r.delivered_ratio,
          floor: r.floor === null ? null : Number(r.floor),
          actor_email: r.actor_email,
          created_on: new Date(r.created_on).toISOString(),
        })),
      };
    },
  );

  app.patch(
    '/route_quality/:id',
    {
      ...cfg,
      schema: {
        tags,
        params: IdParam,
        body: RouteQualityPatch,
        response: { 200: RouteQuality },
        description:
          'Sets a route’s own floor (`floor_percent`; `default_floor: true` goes back to the default) and its pin (auto, on: never demoted, off: held demoted). Applied at once: an evaluation runs before the answer.',
      },
    },
    async (req) => {
      const id = req.params.id;
      const actor = { uuid: req.user.uuid, email: req.user.email, type: req.user.user_type, ip: req.ip };
      await app.db.transaction().execute(async (trx) => {
        await lockRoutes(trx);
        const before = await routeById(trx, id);
        if (!before) throw notFound('Route');
        if (req.body.floor_percent !== undefined && req.body.default_floor)
          throw new FieldError({ default_floor: 'Give a floor or ask for the default, not both' });
        const floor =
          req.body.floor_percent !== undefined
            ? Math.round(req.body.floor_percent * 1000) / 100_000
            : req.body.default_floor
              ? null
              : before.floor;
        const pin = req.body.pin ?? before.pin;
        await setFloorAndPin(trx, id, { floor, pin });
        const event = (kind: 'floor' | 'pin', reason: string): EventRow => ({
          route_quality_uuid: id,
          vendor_product_uuid: before.vendor_product_uuid,
          iso2: before.iso2,
          kind,
          from_state: before.state,
          to_state: before.state,
          reason,
          judged: null,
          delivered_ratio: null,
          floor: floor ?? settings.defaultFloor,
          actor_email: req.user.email,
        });
        const events: EventRow[] = [];
        if (floor !== before.floor)
          events.push(
            event(
              'floor',
              floor === null
                ? `floor back to the default (${pct(settings.defaultFloor)})`
                : `floor set to ${pct(floor)}`,
            ),
          );
        if (pin !== before.pin) events.push(event('pin', PIN_WORDS[pin]));
        await addEvents(trx, events);
        const [vp] = await opts.catalog.vendorProductsNamed(trx, [before.vendor_product_uuid]);
        const shown = {
          vendor_product: vp?.vendor_product_name ?? null,
          country: before.iso2,
          reseller_uuid: vp?.reseller_uuid ?? null,
        };
        await recordAudit(
          trx,
          actor,
          'route_quality',
          id,
          { ...shown, floor: before.floor, pin: before.pin },
          { ...shown, floor, pin },
        );
      });
      // a pin or a floor acts now, not at the next pass
      await opts.evaluator.evaluate();
      const row = await one(id);
      if (!row) throw notFound('Route');
      return row;
    },
  );
}
