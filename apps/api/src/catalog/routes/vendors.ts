import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  IdParam,
  ListPage,
  MessageBody,
  Vendor,
  VendorCreate,
  VendorListQuery,
  VendorPatch,
  VendorProduct,
  VendorProductCreate,
  VendorProductListQuery,
  VendorProductPatch,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { ordering, wildcard, listPage } from '../../lib/list';
import { FieldError } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';

const cfg = { config: { access: catalogAccess } };
const tags = ['vendors'];

export default async function vendorRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const changed = async () => {
    await bumpCatalogVersion(app.db);
    app.catalog.invalidate();
  };

  app.get(
    '/vendor/list',
    { ...cfg, schema: { tags, querystring: VendorListQuery, response: { 200: ListPage(Vendor) } } },
    async (req) => {
      const q = req.query;
      let list = app.db.selectFrom('vendors').where(rowsOf(req, ofReseller('vendors.reseller_uuid')));
      if (q.vendor_name) list = list.where('vendor_name', 'ilike', wildcard(q.vendor_name));
      if (q.vendor_type) list = list.where('vendor_type', 'ilike', wildcard(q.vendor_type));
      if (q.status) list = list.where('status', '=', q.status);
      const { col, dir } = ordering(q, ['vendor_name', 'vendor_type', 'status', 'created_on'] as const, 'vendor_name');
      return listPage(q, list.selectAll().orderBy(col, dir).orderBy('vendor_uuid'), list);
    },
  );

  app.get('/vendor/:id', { ...cfg, schema: { tags, params: IdParam, response: { 200: Vendor } } }, async (req) =>
    orNotFound(
      await app.db
        .selectFrom('vendors')
        .selectAll()
        .where('vendor_uuid', '=', req.params.id)
        .where(rowsOf(req, ofReseller('reseller_uuid')))
        .executeTakeFirst(),
      'Vendor',
    ),
  );

  app.post(
    '/vendor',
    { ...cfg, schema: { tags, body: VendorCreate, response: { 201: Vendor } } },
    async (req, reply) => {
      const vendor = await app.db
        .insertInto('vendors')
        .values({ ...req.body, reseller_uuid: await targetReseller(app.db, req) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(req, 'vendor', vendor.vendor_uuid, null, vendor);
      return reply.code(201).send(vendor);
    },
  );

  app.patch(
    '/vendor/:id',
    { ...cfg, schema: { tags, params: IdParam, body: VendorPatch, response: { 200: Vendor } } },
    async (req) => {
      const before = await app.db
        .selectFrom('vendors')
        .selectAll()
        .where('vendor_uuid', '=', req.params.id)
        .where(rowsOf(req, ofReseller('reseller_uuid')))
        .executeTakeFirst();
      const vendor = orNotFound(
        await app.db
          .updateTable('vendors')
          .set(req.body)
          .where('vendor_uuid', '=', req.params.id)
          .where(rowsOf(req, ofReseller('reseller_uuid')))
          .returningAll()
          .executeTakeFirst(),
        'Vendor',
      );
      await changed();
      await audit(req, 'vendor', vendor.vendor_uuid, before, vendor);
      return vendor;
    },
  );

  app.delete(
    '/vendor/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(
        await app.db
          .deleteFrom('vendors')
          .where('vendor_uuid', '=', req.params.id)
          .where(rowsOf(req, ofReseller('reseller_uuid')))
          .returningAll()
          .executeTakeFirst(),
        'Vendor',
      );
      await changed();
      await audit(req, 'vendor', gone.vendor_uuid, gone, null);
      return { message: 'Vendor deleted' };
    },
  );

  // Vendor products belong to their vendor's owner.
  const productSelect = () =>
    app.db
      .selectFrom('vendor_products as vp')
      .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
      .select([
        'vp.vendor_product_uuid',
        'vp.vendor_uuid',
        'v.vendor_name',
        'vp.vendor_product_name',
        'vp.type',
        'vp.mobile_network_uuid',
        'vp.status',
        'vp.created_on',
        sql<number>`(select count(*)::int from rates r where r.vendor_product_uuid = vp.vendor_product_uuid)`.as(
          'rate_count',
        ),
      ]);
  // what the audit log keeps of a vendor product; the vendor's owner as reseller_uuid (a reseller reads its own)
  const productAudit = async ({ rate_count: _n, created_on: _c, ...p }: Awaited<ReturnType<typeof getProduct>>) => ({
    ...p,
    reseller_uuid:
      (
        await app.db
          .selectFrom('vendors')
          .select('reseller_uuid')
          .where('vendor_uuid', '=', p.vendor_uuid)
          .executeTakeFirst()
      )?.reseller_uuid ?? null,
  });
  const getProduct = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await productSelect()
        .where('vp.vendor_product_uuid', '=', id)
        .where(rowsOf(req, ofReseller('v.reseller_uuid')))
        .executeTakeFirst(),
      'Vendor product',
    );
  const checkNetwork = async (id: string | null | undefined) => {
    if (!id) return;
    const n = await app.db
      .selectFrom('mobile_networks')
      .select('mobile_network_uuid')
      .where('mobile_network_uuid', '=', id)
      .executeTakeFirst();
    if (!n) throw new FieldError({ mobile_network_uuid: 'Unknown mobile network' });
  };

  app.get(
    '/vendor_product/list',
    { ...cfg, schema: { tags, querystring: VendorProductListQuery, response: { 200: ListPage(VendorProduct) } } },
    async (req) => {
      const q = req.query;
      let list = app.db
        .selectFrom('vendor_products as vp')
        .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
        .where(rowsOf(req, ofReseller('v.reseller_uuid')));
      if (q.vendor_uuid) list = list.where('vp.vendor_uuid', '=', q.vendor_uuid);
      if (q.type) list = list.where('vp.type', 'ilike', wildcard(q.type));
      if (q.vendor_product_name) list = list.where('vp.vendor_product_name', 'ilike', wildcard(q.vendor_product_name));
      const { col, dir } = ordering(q, ['vendor_product_name', 'type', 'created_on'] as const, 'vendor_product_name');
      const ids = list.select('vp.vendor_product_uuid');
      return listPage(
        q,
        productSelect()
          .where('vp.vendor_product_uuid', 'in', ids)
          .orderBy(`vp.${col}`, dir)
          .orderBy('vp.vendor_product_uuid'),
        list,
      );
    },
  );

  app.get(
    '/vendor_product/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: VendorProduct } } },
    async (req) => getProduct(req, req.params.id),
  );

  app.post(
    '/vendor_product',
    { ...cfg, schema: { tags, body: VendorProductCreate, response: { 201: VendorProduct } } },
    async (req, reply) => {
      // The vendor must be the caller's own: another reseller's vendor is "not found".
      orNotFound(
        await app.db
          .selectFrom('vendors')
          .select('vendor_uuid')
          .where('vendor_uuid', '=', req.body.vendor_uuid)
          .where(rowsOf(req, ofReseller('reseller_uuid')))
          .executeTakeFirst(),
        'Vendor',
      );
      await checkNetwork(req.body.mobile_network_uuid);
      const row = await app.db
        .insertInto('vendor_products')
        .values(req.body)
        .returning('vendor_product_uuid')
        .executeTakeFirstOrThrow();
      await changed();
      const made = await getProduct(req, row.vendor_product_uuid);
      await audit(req, 'vendor_product', made.vendor_product_uuid, null, await productAudit(made));
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/vendor_product/:id',
    { ...cfg, schema: { tags, params: IdParam, body: VendorProductPatch, response: { 200: VendorProduct } } },
    async (req) => {
      const before = await getProduct(req, req.params.id);
      await checkNetwork(req.body.mobile_network_uuid);
      await app.db
        .updateTable('vendor_products')
        .set(req.body)
        .where('vendor_product_uuid', '=', req.params.id)
        .execute();
      await changed();
      const after = await getProduct(req, req.params.id);
      await audit(
        req,
        'vendor_product',
        after.vendor_product_uuid,
        await productAudit(before),
        await productAudit(after),
      );
      return after;
    },
  );

  app.delete(
    '/vendor_product/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = await productAudit(await getProduct(req, req.params.id));
      await app.db.deleteFrom('vendor_products').where('vendor_product_uuid', '=', req.params.id).execute();
      await changed();
      await audit(req, 'vendor_product', req.params.id, gone, null);
      return { message: 'Vendor product deleted' };
    },
  );
}
