import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
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
import { FieldError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import {
  deleteRouting,
  deleteRoutes,
  existingNetworks,
  insertRouting,
  insertRoutes,
  listRoutings,
  nextRoutePosition,
  ownedVendorProducts,
  renameRouting,
  routesOf,
  vendorOfProduct,
  vendorRatesForRouting,
  visibleRouting,
} from '../routing-store';

const cfg = { config: { access: catalogAccess } };
const tags = ['routing'];
type Db = Kysely<Database>;

/**
 * Route lines must point at vendor products of the routing's own owner (404 otherwise, so other
 * tenants' ids reveal nothing) and carry a code or an existing mobile network.
 */
async function checkRoutes(db: Db, lines: RouteLine[], owner: string | null, field: (i: number, f: string) => string) {
  const vpIds = [...new Set(lines.map((l) => l.vendor_product_uuid))];
  const vps = vpIds.length ? await ownedVendorProducts(db, vpIds, owner) : [];
  const known = new Set(vps.map((v) => v.vendor_product_uuid));
  const netIds = [...new Set(lines.map((l) => l.mobile_network_uuid).filter((x): x is string => !!x))];
  const nets = netIds.length ? await existingNetworks(db, netIds) : [];
  const knownNets = new Set(nets.map((n) => n.mobile_network_uuid));
  lines.forEach((l, i) => {
    if (!known.has(l.vendor_product_uuid)) throw notFound('Vendor product');
    if (!l.code === !l.mobile_network_uuid)
      throw new FieldError({ [field(i, 'code')]: 'Give either a code or a mobile network' });
    if (l.mobile_network_uuid && !knownNets.has(l.mobile_network_uuid))
      throw new FieldError({ [field(i, 'mobile_network_uuid')]: 'Unknown mobile network' });
  });
}

export default async function routingRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  const getRouting = async (req: FastifyRequest, id: string) =>
    orNotFound(await visibleRouting(app.db, id, rowsOf(req, ofReseller('reseller_uuid'))), 'Routing');
  const withRoutes = async (req: FastifyRequest, id: string) => {
    const routing = await getRouting(req, id);
    const routes = await routesOf(app.db, id);
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
    async (req) => listRoutings(app.db, rowsOf(req, ofReseller('reseller_uuid')), req.query),
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
        const routingId = await insertRouting(trx, routing_name, owner);
        await insertRoutes(trx, routingId, routes);
        await bumpCatalogVersion(trx);
        return routingId;
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
        if (routing_name) await renameRouting(trx, routing.routing_uuid, routing_name);
        if (routes) {
          await deleteRoutes(trx, routing.routing_uuid);
          await insertRoutes(trx, routing.routing_uuid, routes);
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
      await deleteRouting(app.db, routing.routing_uuid);
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
      const rates = await vendorRatesForRouting(app.db, routing, req.query.mobile_network_uuid);
      const items = rates.map((r) => ({ ...r, vendor_name: r.vendor_name ?? '' }));
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
      const vp = await vendorOfProduct(app.db, req.body.vendor_product_uuid);
      if (!vp || vp.vendor_uuid !== req.params.vendorId) throw notFound('Vendor product');
      await checkRoutes(app.db, [req.body], routing.reseller_uuid, (_i, f) => f);
      const next = await nextRoutePosition(app.db, routing.routing_uuid);
      await app.db.transaction().execute(async (trx) => {
        await insertRoutes(trx, routing.routing_uuid, [req.body], next);
        await bumpCatalogVersion(trx);
      });
      app.catalog.invalidate();
      const after = await withRoutes(req, routing.routing_uuid);
      await audit(req, 'routing', routing.routing_uuid, routingAudit(routing), routingAudit(after));
      return reply.code(201).send(after);
    },
  );
}
