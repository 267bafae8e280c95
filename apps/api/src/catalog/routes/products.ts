import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  Product,
  ProductCompany,
  ProductCompanyBody,
  ProductCompanyParams,
  ProductCreate,
  ProductListQuery,
  ProductPatch,
  QuoteAnswer,
  QuoteQuery,
  type QuoteAnswer as QuoteAnswerT,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { FieldError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { quote } from '../engine';
import { parseDnis } from '../numbers';
import { audit } from '../../security';
import { catalogAccess, mustBelong } from '../scope';
import { callerScope, ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import { accountsRepository } from '../../accounts';
import { deleteProduct, insertProduct, listProducts, updateProduct, visibleProduct } from '../product-store';

const cfg = { config: { access: catalogAccess } };
const tags = ['products'];

export default async function productRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  const getProduct = async (req: FastifyRequest, id: string) =>
    orNotFound(await visibleProduct(app.db, id, rowsOf(req, ofReseller('p.reseller_uuid'))), 'Product');
  /** A product uses a rate table and a routing of its own owner. */
  const checkRefs = async (
    body: { rate_table_uuid?: string | null; routing_uuid?: string | null },
    owner: string | null,
  ) => {
    if (body.rate_table_uuid) await mustBelong(app.db, 'rate_tables', body.rate_table_uuid, owner);
    if (body.routing_uuid) await mustBelong(app.db, 'routings', body.routing_uuid, owner);
  };
  const changed = async () => {
    await bumpCatalogVersion(app.db);
    app.catalog.invalidate();
  };

  app.get(
    '/product/list',
    { ...cfg, schema: { tags, querystring: ProductListQuery, response: { 200: ListPage(Product) } } },
    async (req) => listProducts(app.db, rowsOf(req, ofReseller('p.reseller_uuid')), req.query),
  );

  app.get('/product/:id', { ...cfg, schema: { tags, params: IdParam, response: { 200: Product } } }, async (req) =>
    getProduct(req, req.params.id),
  );

  app.post(
    '/product',
    { ...cfg, schema: { tags, body: ProductCreate, response: { 201: Product } } },
    async (req, reply) => {
      const owner = await targetReseller(app.db, req);
      await checkRefs(req.body, owner);
      const productId = await insertProduct(app.db, { ...req.body, reseller_uuid: owner });
      await changed();
      const made = await getProduct(req, productId);
      await audit(req, 'product', productId, null, made);
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/product/:id',
    { ...cfg, schema: { tags, params: IdParam, body: ProductPatch, response: { 200: Product } } },
    async (req) => {
      const product = await getProduct(req, req.params.id);
      await checkRefs(req.body, product.reseller_uuid);
      await updateProduct(app.db, product.product_uuid, req.body);
      await changed();
      const after = await getProduct(req, product.product_uuid);
      await audit(req, 'product', product.product_uuid, product, after);
      return after;
    },
  );

  app.delete(
    '/product/:id',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const product = await getProduct(req, req.params.id);
      await deleteProduct(app.db, product.product_uuid);
      await changed();
      await audit(req, 'product', product.product_uuid, product, null);
      return { message: 'Product deleted' };
    },
  );

  // sms-routes/add-company/{id}: the companies a product prices, and giving a company the product.
  // A reseller's product goes only to its own companies; a platform product to any company.

  app.get(
    '/product/:id/company/list',
    { ...cfg, schema: { tags, params: IdParam, response: { 200: ListPage(ProductCompany) } } },
    async (req) => {
      const product = await getProduct(req, req.params.id);
      const items = await accountsRepository.companiesOnProduct(app.db, callerScope(req), product.product_uuid, 10000);
      return { items, total: items.length, per_page: 10000 };
    },
  );

  app.post(
    '/product/:id/company',
    { ...cfg, schema: { tags, params: IdParam, body: ProductCompanyBody, response: { 200: ProductCompany } } },
    async (req) => {
      const product = await getProduct(req, req.params.id);
      // A reseller's product never prices another reseller's (or the platform's) company.
      const row = await accountsRepository.setCompanyProduct(
        app.db,
        callerScope(req),
        req.body.company_uuid,
        product.product_uuid,
        product.reseller_uuid,
      );
      if (!row) throw notFound('Company');
      return row;
    },
  );

  app.delete(
    '/product/:id/company/:company_uuid',
    { ...cfg, schema: { tags, params: ProductCompanyParams, response: { 200: MessageBody } } },
    async (req) => {
      const product = await getProduct(req, req.params.id);
      const removed = await accountsRepository.clearCompanyProduct(
        app.db,
        callerScope(req),
        req.params.company_uuid,
        product.product_uuid,
      );
      if (!removed) throw notFound('Company');
      return { message: 'Company removed from the product' };
    },
  );

  // Addition to the spec: the price, route, cost and margin of one message to `dnis`, or the reason there is none.
  app.get(
    '/product/:id/quote',
    { ...cfg, schema: { tags, params: IdParam, querystring: QuoteQuery, response: { 200: QuoteAnswer } } },
    async (req): Promise<QuoteAnswerT> => {
      const product = await getProduct(req, req.params.id);
      const none = {
        country_iso2: null,
        network: null,
        price: null,
        vendor_product_uuid: null,
        vendor_product_name: null,
        cost: null,
        margin: null,
        routes: [],
      };
      const dnis = req.query.dnis?.trim();
      if (!dnis) throw new FieldError({ dnis: 'Enter a number to quote' });
      const parsed = parseDnis(dnis);
      if (!parsed) return { ok: false, reason: 'bad_number', dnis, ...none };
      const q = quote(await app.catalog.current(), {
        productUuid: product.product_uuid,
        dnis: parsed.digits,
        at: req.query.at ? new Date(req.query.at) : undefined,
      });
      const base = { ...none, dnis: parsed.digits, country_iso2: parsed.iso2, network: q.network };
      if (!q.ok) return { ...base, ok: false, reason: q.reason };
      return {
        ...base,
        ok: true,
        reason: null,
        price: q.price,
        vendor_product_uuid: q.vendorProductUuid,
        vendor_product_name: q.vendorProductName,
        cost: q.cost,
        margin: q.margin,
        routes: q.routes.map((r) => ({
          vendor_product_uuid: r.vendorProductUuid,
          vendor_product_name: r.vendorProductName,
          cost: r.cost,
          is_pinned: r.pinned,
          is_demoted: r.demoted,
        })),
      };
    },
  );
}
