import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  IdParam,
  ListPage,
  MessageBody,
  RATE_TABLE_RATES_SHOWN,
  RateTable,
  RateTableCreate,
  RateTableListQuery,
  RateTablePatch,
  RateTableWithRates,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { ordering, wildcard, listPage } from '../../lib/list';
import { FieldError } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess, resolveRateLines } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import { insertRates, priceText, rateColumns, rateSelect } from './rate-query';

const cfg = { config: { access: catalogAccess } };

/** Rate tables: a reseller's (or the admin's) selling rates, by prefix or by mobile network. */
export default async function rateTableRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const changed = async () => {
    await bumpCatalogVersion(app.db);
    app.catalog.invalidate();
  };

  // ---- rate tables
  const tableSelect = () =>
    app.db
      .selectFrom('rate_tables')
      .select([
        'rate_table_uuid',
        'rate_table_name',
        'rate_table_type',
        'reseller_uuid',
        'created_on',
        sql<number>`(select count(*)::int from rates r where r.rate_table_uuid = rate_tables.rate_table_uuid)`.as(
          'rate_count',
        ),
      ]);
  const getTable = async (req: FastifyRequest, id: string) =>
    orNotFound(
      await tableSelect()
        .where('rate_table_uuid', '=', id)
        .where(rowsOf(req, ofReseller('reseller_uuid')))
        .executeTakeFirst(),
      'Rate table',
    );
  // what the audit log keeps of a table: its fields and how many rates it holds (not every rate of a deck)
  const tableAudit = ({
    rate_table_name,
    rate_table_type,
    reseller_uuid,
    rate_count,
  }: Awaited<ReturnType<typeof getTable>>) => ({ rate_table_name, rate_table_type, reseller_uuid, rate_count });
  const withRates = async (req: FastifyRequest, id: string) => {
    const table = await getTable(req, id);
    const rates = await rateSelect(app.db)
      .select([...rateColumns, priceText])
      .where('rates.rate_table_uuid', '=', id)
      .orderBy('rates.code')
      .orderBy('mn.network_name')
      .orderBy('rates.effective_from')
      .limit(RATE_TABLE_RATES_SHOWN)
      .execute();
    return { ...table, rates };
  };

  app.get(
    '/rate_table/list',
    { ...cfg, schema: { tags: ['rates'], querystring: RateTableListQuery, response: { 200: ListPage(RateTable) } } },
    async (req) => {
      const q = req.query;
      let list = tableSelect().where(rowsOf(req, ofReseller('reseller_uuid')));
      if (q.rate_table_name) list = list.where('rate_table_name', 'ilike', wildcard(q.rate_table_name));
      if (q.rate_table_type) list = list.where('rate_table_type', '=', q.rate_table_type);
      const { col, dir } = ordering(
        q,
        ['rate_table_name', 'rate_table_type', 'created_on'] as const,
        'rate_table_name',
      );
      return listPage(q, list.orderBy(col, dir).orderBy('rate_table_uuid'), app.db.selectFrom(list.as('l')));
    },
  );

  app.get(
    '/rate_table/:id',
    { ...cfg, schema: { tags: ['rates'], params: IdParam, response: { 200: RateTableWithRates } } },
    async (req) => withRates(req, req.params.id),
  );

  app.post(
    '/rate_table',
    { ...cfg, schema: { tags: ['rates'], body: RateTableCreate, response: { 201: RateTableWithRates } } },
    async (req, reply) => {
      const { rates = [], ...fields } = req.body;
      const resolved = await resolveRateLines(app.db, rates, fields.rate_table_type, (i, f) => `rates[${i}].${f}`);
      const owner = await targetReseller(app.db, req);
      const id = await app.db.transaction().execute(async (trx) => {
        const t = await trx
          .insertInto('rate_tables')
          .values({ ...fields, reseller_uuid: owner })
          .returning('rate_table_uuid')
          .executeTakeFirstOrThrow();
        await insertRates(trx, { rate_table_uuid: t.rate_table_uuid }, resolved);
        await bumpCatalogVersion(trx);
        return t.rate_table_uuid;
      });
      app.catalog.invalidate();
      const made = await withRates(req, id);
      await audit(req, 'rate_table', id, null, tableAudit(made));
      return reply.code(201).send(made);
    },
  );

  app.patch(
    '/rate_table/:id',
    {
      ...cfg,
      schema: { tags: ['rates'], params: IdParam, body: RateTablePatch, response: { 200: RateTableWithRates } },
    },
    async (req) => {
      const table = await getTable(req, req.params.id);
      const { rates, ...fields } = req.body;
      const type = fields.rate_table_type ?? table.rate_table_type;
      if (fields.rate_table_type === 'prefix' && !rates) {
        const net = await app.db
          .selectFrom('rates')
          .select('rate_uuid')
          .where('rate_table_uuid', '=', table.rate_table_uuid)
          .where('mobile_network_uuid', 'is not', null)
          .executeTakeFirst();
        if (net)
          throw new FieldError({
            rate_table_type: 'The table has mobile network rates; a prefix-based table prices by code only',
          });
      }
      const resolved = rates ? await resolveRateLines(app.db, rates, type, (i, f) => `rates[${i}].${f}`) : null;
      await app.db.transaction().execute(async (trx) => {
        if (Object.keys(fields).length)
          await trx
            .updateTable('rate_tables')
            .set(fields)
            .where('rate_table_uuid', '=', table.rate_table_uuid)
            .execute();
        if (resolved) {
          await trx.deleteFrom('rates').where('rate_table_uuid', '=', table.rate_table_uuid).execute();
          await insertRates(trx, { rate_table_uuid: table.rate_table_uuid }, resolved);
        }
        await bumpCatalogVersion(trx);
      });
      app.catalog.invalidate();
      const after = await withRates(req, table.rate_table_uuid);
      await audit(req, 'rate_table', table.rate_table_uuid, tableAudit(table), tableAudit(after));
      return after;
    },
  );

  app.delete(
    '/rate_table/:id',
    { ...cfg, schema: { tags: ['rates'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const table = await getTable(req, req.params.id);
      await app.db.deleteFrom('rate_tables').where('rate_table_uuid', '=', table.rate_table_uuid).execute();
      await changed();
      await audit(req, 'rate_table', table.rate_table_uuid, tableAudit(table), null);
      return { message: 'Rate table deleted' };
    },
  );
}
