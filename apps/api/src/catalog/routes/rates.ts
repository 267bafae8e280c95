import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import { IdParam, ListPage, MessageBody, Rate, RateCreate, RateListQuery, RatePatch } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { ordering, wildcard, listPage } from '../../lib/list';
import { FieldError, notFound } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess, resolveRateLines } from '../scope';
import { ofReseller, rowsOf } from '../../lib/tenancy';
import { priceText, rateColumns, rateOwned, rateSelect } from './rate-query';

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
    orNotFound(
      await rateSelect(app.db)
        .select([
          ...rateColumns,
          priceText,
          'rt.rate_table_type',
          sql<string | null>`coalesce(rt.reseller_uuid, v.reseller_uuid)`.as('owner'),
        ])
        .where('rates.rate_uuid', '=', id)
        .where(rateOwned(req))
        .executeTakeFirst(),
      'Rate',
    );
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
    async (req) => {
      const q = req.query;
      let list = rateSelect(app.db).where(rateOwned(req));
      // Spec §7: items without a vendor product name are dropped, i.e. the list is of vendor rates,
      // unless the caller asks for a rate table's own (selling) rates.
      if (q.rate_table_uuid || q.rate_table_type) {
        if (q.rate_table_uuid) list = list.where('rates.rate_table_uuid', '=', q.rate_table_uuid);
        if (q.rate_table_type) list = list.where('rt.rate_table_type', '=', q.rate_table_type);
      } else list = list.where('vp.vendor_product_name', 'is not', null);
      if (q.vendor_product_uuid) list = list.where('rates.vendor_product_uuid', '=', q.vendor_product_uuid);
      if (q.vendor_uuid) list = list.where('v.vendor_uuid', '=', q.vendor_uuid);
      if (q.type) list = list.where('vp.type', 'ilike', wildcard(q.type));
      if (q.mobile_network_uuid) list = list.where('rates.mobile_network_uuid', '=', q.mobile_network_uuid);
      if (q.code)
        list = q.code.includes('*')
          ? list.where('rates.code', 'like', q.code.replace(/\*/g, '%'))
          : list.where('rates.code', '=', q.code);
      if (q.country_name) list = list.where('rates.country_name', 'ilike', wildcard(q.country_name));
      const { col, dir } = ordering(
        q,
        ['code', 'price', 'effective_from', 'country_name', 'created_on'] as const,
        'code',
      );
      return listPage(
        q,
        list
          .select([...rateColumns, priceText])
          .orderBy(`rates.${col}`, dir)
          .orderBy('rates.rate_uuid'),
        list,
      );
    },
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
        const t = await app.db
          .selectFrom('rate_tables')
          .select('rate_table_type')
          .where('rate_table_uuid', '=', rate_table_uuid)
          .where(rowsOf(req, ofReseller('reseller_uuid')))
          .executeTakeFirst();
        if (!t) throw notFound('Rate table');
        type = t.rate_table_type;
      } else {
        const vp = await app.db
          .selectFrom('vendor_products as vp')
          .innerJoin('vendors as v', 'v.vendor_uuid', 'vp.vendor_uuid')
          .select('vp.vendor_product_uuid')
          .where('vp.vendor_product_uuid', '=', vendor_product_uuid as string)
          .where(rowsOf(req, ofReseller('v.reseller_uuid')))
          .executeTakeFirst();
        if (!vp) throw notFound('Vendor product');
      }
      const [row] = await resolveRateLines(app.db, [line], type, (_i, f) => f);
      const created = await app.db.transaction().execute(async (trx) => {
        const r = await trx
          .insertInto('rates')
          .values({ ...row, rate_table_uuid, vendor_product_uuid })
          .returning('rate_uuid')
          .executeTakeFirstOrThrow();
        await bumpCatalogVersion(trx);
        return r;
      });
      app.catalog.invalidate();
      const made = await getRate(req, created.rate_uuid);
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
      await app.db.updateTable('rates').set(row).where('rate_uuid', '=', current.rate_uuid).execute();
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
      await app.db.deleteFrom('rates').where('rate_uuid', '=', current.rate_uuid).execute();
      await changed();
      await audit(req, 'rate', current.rate_uuid, rateAudit(current), null);
      return { message: 'Rate deleted' };
    },
  );
}
