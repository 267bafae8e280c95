// Rate change sets (issue 49): a deck import becomes a pending change set; its diff and margin impact are
// read before an admin approves (with a date) or rejects it; price notices are the customers' side. Who may
// call what: docs/authorization.md. Tenancy through lib/tenancy.ts (another tenant's id answers 404).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import multipart from '@fastify/multipart';
import { Type } from '@sinclair/typebox';
import {
  ChangeSetApprove,
  ChangeSetDetails,
  ChangeSetImportQuery,
  ChangeSetListQuery,
  IdParam,
  ListPage,
  PriceNotice,
  PriceNoticeListQuery,
  RateChangeSet,
  RateImport,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { callerScope, rowsOf } from '../lib/tenancy';
import { notFound } from '../lib/http-error';
import { audit } from '../security';
import { readRateLines, type DeckOwner } from '../catalog';
import { changeRows, noticeOf, NOTICE_OWNERS } from './queries';
import { noticeCsv } from './notice-rules';
import type { RateChangeService } from './service';

/** Like the catalog: the admin keeps the platform's decks, a reseller its own; companies none. */
const deckKeepers: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' };
/** A company admin reads its company's notices, a reseller its own and its companies'. */
const noticeReaders: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };
const CSV_MAX_BYTES = 32 * 1024 * 1024;

export default async function rateChangeRoutes(base: FastifyInstance, opts: { service: RateChangeService }) {
  await base.register(multipart);
  const app = base.withTypeProvider<TypeBoxProvider>();
  const { service } = opts;

  const importSchema = (tag: string) => ({
    config: { access: deckKeepers, heavy: true },
    bodyLimit: CSV_MAX_BYTES,
    schema: {
      tags: [tag],
      params: IdParam,
      querystring: ChangeSetImportQuery,
      response: { 201: RateChangeSet },
      description:
        'A rate deck for approval: JSON `{ csv }` or multipart/form-data with the CSV in "file" (the columns of the import). `kind` says what the file is: az (every code missing from it closes), country (missing codes close within the countries it names) or partial (missing codes are left alone). Nothing changes until the change set is approved.',
      body: { content: { 'application/json': { schema: RateImport }, 'multipart/form-data': { schema: {} } } },
    },
  });
  const create = async (
    req: FastifyRequest<{ Querystring: { kind: 'az' | 'country' | 'partial'; effective_from?: string } }>,
    owner: DeckOwner,
  ) => {
    const scope = callerScope(req);
    const deck = await service.deck(scope, owner);
    const asked = req.query.effective_from ? new Date(`${req.query.effective_from}T00:00:00Z`) : service.now();
    const lines = await readRateLines(app.db, req, deck.table_type, asked);
    const set = await service.create(scope, req.user.uuid, owner, req.query.kind, asked, lines);
    await audit(req, 'rate_change_set', set.change_set_uuid, null, { ...set });
    return set;
  };
  app.post('/rate_table/:id/change_set', importSchema('rates'), async (req, reply) =>
    reply.code(201).send(await create(req, { rate_table_uuid: req.params.id })),
  );
  app.post('/vendor_product/:id/change_set', importSchema('vendors'), async (req, reply) =>
    reply.code(201).send(await create(req, { vendor_product_uuid: req.params.id })),
  );

  const tags = ['rates'];
  app.get(
    '/rate_change/list',
    {
      config: { access: deckKeepers },
      schema: { tags, querystring: ChangeSetListQuery, response: { 200: ListPage(RateChangeSet) } },
    },
    async (req) => service.list(callerScope(req), req.query),
  );
  app.get(
    '/rate_change/:id',
    { config: { access: deckKeepers }, schema: { tags, params: IdParam, response: { 200: ChangeSetDetails } } },
    async (req) => service.details(callerScope(req), req.params.id),
  );
  app.post(
    '/rate_change/:id/approve',
    {
      config: { access: deckKeepers },
      schema: {
        tags,
        params: IdParam,
        body: ChangeSetApprove,
        response: { 200: RateChangeSet },
        description:
          'Writes the change into the deck from effective_from (never before now). Decreases and new codes apply on that date; increases and closures of a sell price wait for the longest notice period of the customers on it, and each of them gets a price notice.',
      },
    },
    async (req) => {
      const set = await service.approve(callerScope(req), req.user.uuid, req.params.id, req.body.effective_from);
      await audit(req, 'rate_change_set', set.change_set_uuid, { status: 'pending' }, { ...set });
      return set;
    },
  );
  app.post(
    '/rate_change/:id/reject',
    { config: { access: deckKeepers }, schema: { tags, params: IdParam, response: { 200: RateChangeSet } } },
    async (req) => {
      const set = await service.reject(callerScope(req), req.user.uuid, req.params.id);
      await audit(req, 'rate_change_set', set.change_set_uuid, { status: 'pending' }, { ...set });
      return set;
    },
  );

  app.get(
    '/price_notice/list',
    {
      config: { access: noticeReaders },
      schema: { tags, querystring: PriceNoticeListQuery, response: { 200: ListPage(PriceNotice) } },
    },
    async (req) => service.notices(rowsOf(req, NOTICE_OWNERS), req.query),
  );
  app.get(
    '/price_notice/:id/csv',
    {
      config: { access: noticeReaders },
      schema: { tags, params: IdParam, response: { 200: Type.String({ description: 'text/csv' }) } },
    },
    async (req, reply) => {
      const notice = await noticeOf(app.db, rowsOf(req, NOTICE_OWNERS), req.params.id);
      if (!notice) throw notFound('Price notice');
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="price-notice-${notice.notice_uuid.slice(0, 8)}.csv"`)
        .send(await noticeText(app, notice.change_set_uuid));
    },
  );
}

/** The notice's rows as CSV, each with the date it takes (a closed code: its cease date). */
export async function noticeText(app: Pick<FastifyInstance, 'db'>, change_set_uuid: string) {
  const rows = await changeRows(app.db, change_set_uuid, null);
  return noticeCsv(
    rows.map((r) => ({ ...r, effective_from: (r.ceases_on ?? r.effective_from ?? new Date(0)) as Date })),
  );
}
