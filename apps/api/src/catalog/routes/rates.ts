import type { FastifyInstance, FastifyRequest } from 'fastify';
import { IdParam, ListPage, MessageBody, Rate, RateCreate, RateListQuery, RatePatch } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { FieldError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess, resolveRateLines } from '../scope';
import { ofReseller, rowsOf } from '../../lib/tenancy';
import { rateOwned } from './rate-query';
import {
  deleteRate,
  insertRate,
  listRates,
  ownedRate,
  updateRate,
  visibleRateTableType,
  visibleVendorProductId,
} from '../rate-store';

const cfg = { config: { access: catalogAccess } };

/** Rates: the selling rates of a rate table, or a vendor product's deck, one at a time. */
export default async function rateRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const changed = async () => {
    await bumpCatalogVersion(app.db);
    app.catalog.invalidate();
  };

  // ---- rates (selling rates of a rate table, or a vendor product's deck)
  const getRate = async (req: FastifyRequest, id: string) =>
    orNotFound(await ownedRate(app.db, id, rateOwned(req)), 'Rate');
  const strip = <T extends { rate_table_type?: unknown; owner?: unknown }>(r: T) => {
    const { rate_table_type: _t, owner: _o, ...rest } = r;
    return rest;
  };
  // the owner as reseller_uuid: a reseller reads the entries of its own tables' and decks' rates
  const rateAudit = (r: Awaited<ReturnType<typeof getRate>>) => ({
    rate_table_uuid: r.rate_table_uuid,
    vendor_product_uuid: r.vendor_product_uuid,
    code: r.code,
    mobile_network_uuid: r.mobile_network_uuid,
    price: r.price,
    charge_basis: r.charge_basis,
    effective_from: r.effective_from,
    reseller_uuid: r.owner,
  });

  app.get(
    '/rate/list',
    {
      ...cfg,
      schema: {
        tags: ['rates'],
        querystring: RateListQuery,
        response: { 200: ListPage(Rate) },
        description:
          "Vendor rates (those with a vendor product name) unless rate_table_uuid or rate_table_type asks for a rate table's selling rates.",
      },
    },
    async (req) => listRates(app.db, rateOwned(req), req.query),
  );

  app.get('/rate/:id', { ...cfg, schema: { tags: ['rates'], params: IdParam, response: { 200: Rate } } }, async (req) =>
    strip(await getRate(req, req.params.id)),
  );

  app.post(
    '/rate',
    { ...cfg, schema: { tags: ['rates'], body: RateCreate, response: { 201: Rate } } },
    async (req, reply) => {
      const { rate_table_uuid, vendor_product_uuid, ...line } = req.body;
      if (!!rate_table_uuid === !!vendor_product_uuid)
        throw new FieldError({ rate_table_uuid: 'Give either a rate table or a vendor product' });
      let type: 'prefix' | 'mobile_network' | null = null;
      if (rate_table_uuid) {
        const t = await visibleRateTableType(app.db, rate_table_uuid, rowsOf(req, ofReseller('reseller_uuid')));
        if (!t) throw notFound('Rate table');
        type = t.rate_table_type;
      } else {
        const vp = await visibleVendorProductId(
          app.db,
          vendor_product_uuid as string,
          rowsOf(req, ofReseller('v.reseller_uuid')),
        );
        if (!vp) throw notFound('Vendor product');
      }
      const [row] = await resolveRateLines(app.db, [line], type, (_i, f) => f);
      const created = await app.db.transaction().execute(async (trx) => {
        const rateId = await insertRate(trx, { ...row, rate_table_uuid, vendor_product_uuid });
        await bumpCatalogVersion(trx);
        return rateId;
      });
      app.catalog.invalidate();
      const made = await getRate(req, created);
      await audit(req, 'rate', made.rate_uuid, null, rateAudit(made));
      return reply.code(201).send(strip(made));
    },
  );

  app.patch(
    '/rate/:id',
    { ...cfg, schema: { tags: ['rates'], params: IdParam, body: RatePatch, response: { 200: Rate } } },
    async (req) => {
      const current = await getRate(req, req.params.id);
      // A patch that switches code ↔ network clears the other key.
      const merged = {
        code: req.body.code !== undefined ? req.body.code : req.body.mobile_network_uuid ? null : current.code,
        mobile_network_uuid:
          req.body.mobile_network_uuid !== undefined
            ? req.body.mobile_network_uuid
            : req.body.code
              ? null
              : current.mobile_network_uuid,
        price: req.body.price ?? current.price,
        charge_basis: req.body.charge_basis ?? current.charge_basis,
        effective_from: req.body.effective_from ?? new Date(current.effective_from).toISOString(),
      };
      const [row] = await resolveRateLines(app.db, [merged], current.rate_table_type ?? null, (_i, f) => f);
      await updateRate(app.db, current.rate_uuid, row);
      await changed();
      const after = await getRate(req, current.rate_uuid);
      await audit(req, 'rate', current.rate_uuid, rateAudit(current), rateAudit(after));
      return strip(after);
    },
  );

  app.delete(
    '/rate/:id',
    { ...cfg, schema: { tags: ['rates'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const current = await getRate(req, req.params.id);
      await deleteRate(app.db, current.rate_uuid);
      await changed();
      await audit(req, 'rate', current.rate_uuid, rateAudit(current), null);
      return { message: 'Rate deleted' };
    },
  );
}
