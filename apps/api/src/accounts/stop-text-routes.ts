import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  IdParam,
  ListPage,
  MessageBody,
  StopText,
  StopTextBody,
  StopTextListQuery,
  StopTextPatchBody,
  StopTextPayload,
} from '@smsc/shared-contract';
import type { AccessPolicy } from '../lib/access';
import { orNotFound } from '../lib/tenant';
import { ofReseller, rowsOf, targetReseller } from '../lib/tenancy';
import { audit } from '../security';
import { deleteStopText, insertStopText, listStopTexts, stopTextRow, updateStopText } from './stop-text-filters';

// A reseller keeps its own filters; the system admin sees and edits every filter.
const cfg = {
  config: { access: { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' } satisfies AccessPolicy },
};

const FILTER_OWNER = ofReseller('stop_text_filters.reseller_uuid');

export default async function stopTextRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/stop_text/list',
    { ...cfg, schema: { tags: ['filters'], querystring: StopTextListQuery, response: { 200: ListPage(StopText) } } },
    async (req) => listStopTexts(app.db, rowsOf(req, FILTER_OWNER), req.query),
  );

  app.get(
    '/stop_text/:id',
    { ...cfg, schema: { tags: ['filters'], params: IdParam, response: { 200: StopTextPayload } } },
    async (req) => ({
      filter: orNotFound(await stopTextRow(app.db, rowsOf(req, FILTER_OWNER), req.params.id), 'Filter'),
    }),
  );

  app.post(
    '/stop_text/create',
    { ...cfg, schema: { tags: ['filters'], body: StopTextBody, response: { 201: StopTextPayload } } },
    async (req, reply) => {
      // A reseller's filters are always its own; the admin's are the platform's.
      const reseller_uuid = await targetReseller(app.db, req);
      const filter = await insertStopText(app.db, { ...req.body.filter, reseller_uuid });
      await audit(req, 'filter', filter.filter_uuid, null, filter);
      return reply.code(201).send({ filter });
    },
  );

  app.patch(
    '/stop_text/:id',
    {
      ...cfg,
      schema: { tags: ['filters'], params: IdParam, body: StopTextPatchBody, response: { 200: StopTextPayload } },
    },
    async (req) => {
      const before = orNotFound(await stopTextRow(app.db, rowsOf(req, FILTER_OWNER), req.params.id), 'Filter');
      const filter = orNotFound(
        await updateStopText(app.db, rowsOf(req, FILTER_OWNER), req.params.id, req.body.filter),
        'Filter',
      );
      await audit(req, 'filter', filter.filter_uuid, before, filter);
      return { filter };
    },
  );

  app.delete(
    '/stop_text/:id',
    { ...cfg, schema: { tags: ['filters'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(await deleteStopText(app.db, rowsOf(req, FILTER_OWNER), req.params.id), 'Filter');
      await audit(req, 'filter', gone.filter_uuid, gone, null);
      return { message: 'Filter deleted' };
    },
  );
}
