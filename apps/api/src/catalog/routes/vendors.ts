import type { FastifyInstance, FastifyRequest } from 'fastify';
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
import { FieldError } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import {
  deleteVendor,
  deleteVendorProduct,
  insertVendor,
  insertVendorProduct,
  listVendorProducts,
  listVendors,
  networkExists,
  updateVendor,
  updateVendorProduct,
  vendorOwner,
  visibleProduct,
  visibleVendor,
  visibleVendorId,
} from '../vendor-store';

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
    async (req) => listVendors(app.db, rowsOf(req, ofReseller('vendors.reseller_uuid')), req.query),
  );

  app.get('/vendor/:id', { ...cfg, schema: { tags, params: IdParam, response: { 200: Vendor } } }, async (req) =>
    orNotFound(await visibleVendor(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid'))), 'Vendor'),
  );

  app.post(
    '/vendor',
    { ...cfg, schema: { tags, body: VendorCreate, response: { 201: Vendor } } },
    async (req, reply) => {
      const vendor = await insertVendor(app.db, { ...req.body, reseller_uuid: await targetReseller(app.db, req) });
      await audit(req, 'vendor', vendor.vendor_uuid, null, vendor);
      return reply.code(201).send(vendor);
    },
  );

  app.patch(
    '/vendor/:id',
    { ...cfg, schema: { tags, params: IdParam, body: VendorPatch, response: { 200: Vendor } } },
    async (req) => {
      const before = await visibleVendor(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid')));
      const vendor = orNotFound(
        await updateVendor(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid')), req.body),
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
        await deleteVendor(app.db, req.params.id, rowsOf(req, ofReseller('reseller_uuid'))),
        'Vendor',
      );
      await changed();
      await audit(req, 'vendor', gone.vendor_uuid, gone, null);
      return { message: 'Vendor deleted' };
    },
  );

  // Vendor products belong to their vendor's owner.
  // what the audit log keeps of a vendor product; the vendor's owner as reseller_uuid (a reseller reads its own)
  const productAudit = async ({ rate_count: _n, created_on: _c, ...p }: Awaited<ReturnType<typeof getProduct>>) => ({
    ...p,
    reseller_uuid: await vendorOwner(app.db, p.vendor_uuid),
  });
  const getProduct = async (req: FastifyRequest, id: string) =>
    orNotFound(await visibleProduct(app.db, id, rowsOf(req, ofReseller('v.reseller_uuid'))), 'Vendor product');
  const checkNetwork = async (id: string | null | undefined) => {
    if (!id) return;
    if (!(await networkExists(app.db, id))) throw new FieldError({ mobile_network_uuid: 'Unknown mobile network' });
  };

  app.get(
    '/vendor_product/list',
    { ...cfg, schema: { tags, querystring: VendorProductListQuery, response: { 200: ListPage(VendorProduct) } } },
    async (req) => listVendorProducts(app.db, rowsOf(req, ofReseller('v.reseller_uuid')), req.query),
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
        await visibleVendorId(app.db, req.body.vendor_uuid, rowsOf(req, ofReseller('reseller_uuid'))),
        'Vendor',
      );
      await checkNetwork(req.body.mobile_network_uuid);
      const productId = await insertVendorProduct(app.db, req.body);
      await changed();
      const made = await getProduct(req, productId);
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
      await updateVendorProduct(app.db, req.params.id, req.body);
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
      await deleteVendorProduct(app.db, req.params.id);
      await changed();
      await audit(req, 'vendor_product', req.params.id, gone, null);
      return { message: 'Vendor product deleted' };
    },
  );
}
