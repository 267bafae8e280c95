import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  IdParam,
  ListPage,
  MessageBody,
  RateTable,
  RateTableCreate,
  RateTableListQuery,
  RateTablePatch,
  RateTableWithRates,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../../lib/type-provider';
import { FieldError } from '../../lib/http-error';
import { orNotFound } from '../../lib/tenant';
import { bumpCatalogVersion } from '../cache';
import { audit } from '../../security';
import { catalogAccess, resolveRateLines } from '../scope';
import { ofReseller, rowsOf, targetReseller } from '../../lib/tenancy';
import { insertRates } from './rate-query';
import {
  deleteRateTable,
  deleteTableRates,
  hasNetworkRates,
  insertRateTable,
  listRateTables,
  ratesShown,
  updateRateTable,
  visibleRateTable,
} from '../rate-table-store';

const cfg = { config: { access: catalogAccess } };

/** Rate tables: a reseller's (or the admin's) selling rates, by prefix or by mobile network. */
export default async function rateTableRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const changed = async () => {
    await bumpCatalogVersion(app.db);
    app.catalog.invalidate();
  };

  // ---- rate tables
  const getTable = async (req: FastifyRequest, id: string) =>
    orNotFound(await visibleRateTable(app.db, id, rowsOf(req, ofReseller('reseller_uuid'))), 'Rate table');
  // what the audit log keeps of a table: its fields and how many rates it holds (not every rate of a deck)
  const tableAudit = ({
    rate_table_name,
    rate_table_type,
    reseller_uuid,
    rate_count,
  }: Awaited<ReturnType<typeof getTable>>) => ({ rate_table_name, rate_table_type, reseller_uuid, rate_count });
  const withRates = async (req: FastifyRequest, id: string) => {
    const table = await getTable(req, id);
    const rates = await ratesShown(app.db, id);
    return { ...table, rates };
  };

  app.get(
    '/rate_table/list',
    { ...cfg, schema: { tags: ['rates'], querystring: RateTableListQuery, response: { 200: ListPage(RateTable) } } },
    async (req) => listRateTables(app.db, rowsOf(req, ofReseller('reseller_uuid')), req.query),
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
        const tableId = await insertRateTable(trx, { ...fields, reseller_uuid: owner });
        await insertRates(trx, { rate_table_uuid: tableId }, resolved);
        await bumpCatalogVersion(trx);
        return tableId;
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
        if (await hasNetworkRates(app.db, table.rate_table_uuid))
          throw new FieldError({
            rate_table_type: 'The table has mobile network rates; a prefix-based table prices by code only',
          });
      }
      const resolved = rates ? await resolveRateLines(app.db, rates, type, (i, f) => `rates[${i}].${f}`) : null;
      await app.db.transaction().execute(async (trx) => {
        if (Object.keys(fields).length) await updateRateTable(trx, table.rate_table_uuid, fields);
        if (resolved) {
          await deleteTableRates(trx, table.rate_table_uuid);
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
      await deleteRateTable(app.db, table.rate_table_uuid);
      await changed();
      await audit(req, 'rate_table', table.rate_table_uuid, tableAudit(table), null);
      return { message: 'Rate table deleted' };
    },
  );
}
