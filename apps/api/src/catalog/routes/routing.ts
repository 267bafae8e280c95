import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql, type Kysely, type Transaction } from 'kysely';
import {
  IdParam,
  ListPage,
  MessageBody,
  RouteLine,
  Routing,
  RoutingCreate,
  RoutingListQuery,
  RoutingPatch,
  RoutingWithRoutes,
  VendorRate,
  VendorRateAddParams,
  VendorRateParams,
  VendorRateQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import type { Database } from '../../db/schema';
import { ordering, wildcard, listPage } from '../../lib/list';
import { FieldError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import { priceText, rateColumns, rateSelect } from './rate-query';

const cfg = { config: { access: catalogAccess } };
const tags = ['routing'];
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Route lines must point at vendor products of the routing's own owner (404 otherwise, so other
 * tenants' ids reveal nothing) and carry a code or an existing mobile network.
 */
async function checkRoutes(db: Db, lines: RouteLine[], owner: string | null, field: (i: number, f: string) => string) {
  const vpIds = [...new Set(lines.map((l) => l.vendor_product_uuid))];
  const vps = vpIds.length
    ? await db
        .selectFrom('vendor_products as vp')
        .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
        .select('vp.vendor_product_uuid')
        .where('vp.vendor_product_uuid', 'in', vpIds)
        .where(sql<boolean>`v.reseller_uuid is not distinct from ${owner}`)
        .execute()
    : [];
  const known = new Set(vps.map((v) => v.vendor_product_uuid));
  const netIds = [...new Set(lines.map((l) => l.mobile_network_uuid).filter((x): x is string => !!x))];
  const nets = netIds.length
    ? await db
        .selectFrom('mobile_networks')
        .select('mobile_network_uuid')
        .where('mobile_network_uuid', 'in', netIds)
        .execute()
    : [];
  const knownNets = new Set(nets.map((n) => n.mobile_network_uuid));
  lines.forEach((l, i) => {
    if (!known.has(l.vendor_product_uuid)) throw notFound('Vendor product');
    if (!l.code === !l.mobile_network_uuid)
      throw new FieldError({ [field(i, 'code')]: 'Give either a code or a mobile network' });
    if (l.mobile_network_uuid && !knownNets.has(l.mobile_network_uuid))
      throw new FieldError({ [field(i, 'mobile_network_uuid')]: 'Unknown mobile network' });
  });
}

const routeRows = (routing_uuid: string, lines: RouteLine[], start = 0) =>
  lines.map((l, i) => ({
    routing_uuid,
    code: l.code ?? null,
    mobile_network_uuid: l.mobile_network_uuid ?? null,
    vendor_product_uuid: l.vendor_product_uuid,
    is_pinned: l.is_pinned ?? false,
    position: start + i,
  }));

export default async function routingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  const routingSelect = () =>
    app.db
      .selectFrom('routings')
      .select([
        'routing_uuid',
        'routing_name',
        'reseller_uuid',
        'created_on',
        sql<number>`(select count(*)::int from routes r where r.routing_uuid = routings.routing_uuid)`.as(
          'route_count',
        ),
      ]);
  const getRouting = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await routingSelect()
        .where('routing_uuid', '=', id)
        .where(rowsOf(req, ofReseller('reseller_uuid')))
        .executeTakeFirst(),
      'Routing',
    );
  const withRoutes = async (req: FastifyRequest, id: string) => {
    const routing = await getRouting(req, id);
    const routes = await app.db
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
      .where('routes.routing_uuid', '=', id)
      .orderBy('routes.position')
      .orderBy('routes.route_uuid')
      .execute();
    return { ...routing, routes };
  };
  // what the audit log keeps of a routing: its name, owner and routes in order, one readable line each
  const routingAudit = (r: Awaited<ReturnType<typeof withRoutes>>) => ({
    routing_name: r.routing_name,
    reseller_uuid: r.reseller_uuid,
    routes: r.routes.map(
      (x) =>
        `${x.code ?? x.network_name ?? x.mobile_network_uuid} → ${x.vendor_name} / ${x.vendor_product_name}${x.is_pinned ? ' (pinned)' : ''}`,
    ),
  });

  app.get(
    '/routing/list',
    { ...cfg, schema: { tags, querystring: RoutingListQuery, response: { 200: ListPage(Routing) } } },
    async (req) => {
      const q = req.query;
      let list = routingSelect().where(rowsOf(req, ofReseller('reseller_uuid')));
      if (q.routing_name) list = list.where('routing_name', 'ilike', wildcard(q.routing_name));
      const { col, dir } = ordering(q, ['routing_name', 'created_on'] as const, 'routing_name');
      return listPage(q, list.orderBy(col, dir).orderBy('routing_uuid'), app.db.selectFrom(list.as('l')));
    },
  );

  app.get(
    '/routing/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: RoutingWithRoutes } } },
    async (req) => withRoutes(req, req.params.id),
  );

  app.post(
    '/routing',
    { ...cfg, schema: { tags, body: RoutingCreate, response: { 201: RoutingWithRoutes } } },
    async (req, reply) => {
      const { routes = [], routing_name } = req.body;
      const owner = await targetReseller(app.db, req);
      await checkRoutes(app.db, routes, owner, (i, f) => `routes[${i}].${f}`);
      const id = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('routings')
          .values({ routing_name, reseller_uuid: owner })
          .returning('routing_uuid')
          .executeTakeFirstOrThrow();
        if (routes.length) await trx.insertInto('routes').values(routeRows(r.routing_uuid, routes)).execute();
        await bumpCatalogVersion(trx);
        return r.routing_uuid;
      });
      app.catalog.invalidate();
      const made = await withRoutes(req, id);
      await audit(req, 'routing', id, null, routingAudit(made));
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/routing/:id',
    { ...cfg, schema: { tags, params: IdParam, body: RoutingPatch, response: { 200: RoutingWithRoutes } } },
    async (req) => {
      const before = await withRoutes(req, req.params.id);
      const routing = before;
      const { routes, routing_name } = req.body;
      if (routes) await checkRoutes(app.db, routes, routing.reseller_uuid, (i, f) => `routes[${i}].${f}`);
      await app.db.transaction().execute(async (trx) => {
        if (routing_name)
          await trx
            .updateTable('routings')
            .set({ routing_name })
            .where('routing_uuid', '=', routing.routing_uuid)
            .execute();
        if (routes) {
          await trx.deleteFrom('routes').where('routing_uuid', '=', routing.routing_uuid).execute();
          if (routes.length) await trx.insertInto('routes').values(routeRows(routing.routing_uuid, routes)).execute();
        }
        await bumpCatalogVersion(trx);
      });
      app.catalog.invalidate();
      const after = await withRoutes(req, routing.routing_uuid);
      await audit(req, 'routing', routing.routing_uuid, routingAudit(before), routingAudit(after));
      return after;
    },
  );

  app.delete(
    '/routing/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const routing = await withRoutes(req, req.params.id);
      await app.db.deleteFrom('routings').where('routing_uuid', '=', routing.routing_uuid).execute();
      await bumpCatalogVersion(app.db);
      app.catalog.invalidate();
      await audit(req, 'routing', routing.routing_uuid, routingAudit(routing), null);
      return { message: 'Routing deleted' };
    },
  );

  // What each of the owner's vendor products costs (for one mobile network, or all), and whether the routing uses it.
  app.get(
    '/vendor_rate/:routingId/list',
    {
      ...cfg,
      schema: { tags, params: VendorRateParams, querystring: VendorRateQuery, response: { 200: ListPage(VendorRate) } },
    },
    async (req) => {
      const routing = await getRouting(req, req.params.routingId);
      let list = rateSelect(app.db)
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
      if (req.query.mobile_network_uuid)
        list = list.where('rates.mobile_network_uuid', '=', req.query.mobile_network_uuid);
      const items = (await list.orderBy('rates.price').orderBy('rates.rate_uuid').limit(1000).execute()).map((r) => ({
        ...r,
        vendor_name: r.vendor_name ?? '',
      }));
      return { items, total: items.length, per_page: 1000 };
    },
  );

  // Adds a route to one of the vendor's products (appended after the routing's routes).
  app.post(
    '/vendor_rate/:routingId/:vendorId',
    {
      ...cfg,
      schema: {
        tags,
        params: VendorRateAddParams,
        body: RouteLine,
        response: { 201: RoutingWithRoutes },
        description: 'Adds a route in the routing to a product of this vendor.',
      },
    },
    async (req, reply) => {
      const routing = await withRoutes(req, req.params.routingId);
      const vp = await app.db
        .selectFrom('vendor_products')
        .select('vendor_uuid')
        .where('vendor_product_uuid', '=', req.body.vendor_product_uuid)
        .executeTakeFirst();
      if (!vp || vp.vendor_uuid !== req.params.vendorId) throw notFound('Vendor product');
      await checkRoutes(app.db, [req.body], routing.reseller_uuid, (_i, f) => f);
      const last = await app.db
        .selectFrom('routes')
        .select(sql<number>`coalesce(max(position), -1)::int`.as('p'))
        .where('routing_uuid', '=', routing.routing_uuid)
        .executeTakeFirstOrThrow();
      await app.db.transaction().execute(async (trx) => {
        await trx
          .insertInto('routes')
          .values(routeRows(routing.routing_uuid, [req.body], last.p + 1))
          .execute();
        await bumpCatalogVersion(trx);
      });
      app.catalog.invalidate();
      const after = await withRoutes(req, routing.routing_uuid);
      await audit(req, 'routing', routing.routing_uuid, routingAudit(routing), routingAudit(after));
      return reply.code(201).send(after);
    },
  );
}
