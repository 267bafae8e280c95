import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { sql } from 'kysely';
import { IdParam, ListPage, MessageBody, StopText, StopTextBody, StopTextListQuery, StopTextPatchBody, StopTextPayload } from '@smsc/shared-contract';
import { adminOnly } from '../lib/access';
import { paging, wildcard } from '../lib/list';
import { orNotFound } from '../lib/tenant';

const cfg = { config: { access: adminOnly } };

export default async function stopTextRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get('/stop_text/list', { ...cfg, schema: { tags: ['filters'], querystring: StopTextListQuery, response: { 200: ListPage(StopText) } } }, async (req) => {
    const q = req.query;
    let base = app.db.selectFrom('stop_text_filters');
    if (q.text) base = base.where('text', 'ilike', wildcard(q.text));
    const { per_page, offset } = paging(q);
    // Spec §7: newest first unless the caller asks otherwise.
    const dir = q.order_dir ?? 'desc';
    const [items, total] = await Promise.all([
      base.selectAll().orderBy('created_on', dir).orderBy('filter_uuid').limit(per_page).offset(offset).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n, per_page };
  });

  app.get('/stop_text/:id', { ...cfg, schema: { tags: ['filters'], params: IdParam, response: { 200: StopTextPayload } } }, async (req) => ({
    filter: orNotFound(await app.db.selectFrom('stop_text_filters').selectAll().where('filter_uuid', '=', req.params.id).executeTakeFirst(), 'Filter'),
  }));

  app.post('/stop_text/create', { ...cfg, schema: { tags: ['filters'], body: StopTextBody, response: { 201: StopTextPayload } } }, async (req, reply) =>
    reply.code(201).send({ filter: await app.db.insertInto('stop_text_filters').values(req.body.filter).returningAll().executeTakeFirstOrThrow() }));

  app.patch('/stop_text/:id', { ...cfg, schema: { tags: ['filters'], params: IdParam, body: StopTextPatchBody, response: { 200: StopTextPayload } } }, async (req) => ({
    filter: orNotFound(await app.db.updateTable('stop_text_filters').set(req.body.filter).where('filter_uuid', '=', req.params.id).returningAll().executeTakeFirst(), 'Filter'),
  }));

  app.delete('/stop_text/:id', { ...cfg, schema: { tags: ['filters'], params: IdParam, response: { 200: MessageBody } } }, async (req) => {
    orNotFound(await app.db.deleteFrom('stop_text_filters').where('filter_uuid', '=', req.params.id).returning('filter_uuid').executeTakeFirst(), 'Filter');
    return { message: 'Filter deleted' };
  });
}
