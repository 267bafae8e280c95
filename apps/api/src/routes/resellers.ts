import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import { sql } from 'kysely';
import { IdParam, ListPage, MessageBody, Reseller, ResellerCreate, ResellerListQuery, ResellerPatch } from '@smsc/shared-contract';
import { adminOnly } from '../lib/access';
import { paging, ordering, wildcard } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security/audit';

const cfg = { config: { access: adminOnly } };

// POST /reseller/import lives in reseller-import.ts (it takes multipart uploads too).
export default async function resellerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = (id: string) => app.db.selectFrom('resellers').selectAll().where('reseller_uuid', '=', id).executeTakeFirst();

  app.get('/reseller/list', { ...cfg, schema: { tags: ['resellers'], querystring: ResellerListQuery, response: { 200: ListPage(Reseller) } } }, async (req) => {
    const q = req.query;
    let base = app.db.selectFrom('resellers');
    if (q.reseller_name) base = base.where('reseller_name', 'ilike', wildcard(q.reseller_name));
    const { per_page, offset } = paging(q);
    const { col, dir } = ordering(q, ['reseller_name', 'created_on'] as const, 'reseller_name');
    const [items, total] = await Promise.all([
      base.selectAll().orderBy(col, dir).orderBy('reseller_uuid').limit(per_page).offset(offset).execute(),
      base.select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow(),
    ]);
    return { items, total: total.n, per_page };
  });

  app.post('/reseller', { ...cfg, schema: { tags: ['resellers'], body: ResellerCreate, response: { 201: Reseller } } }, async (req, reply) => {
    const created = await app.db.insertInto('resellers').values(req.body).returningAll().executeTakeFirstOrThrow();
    await audit(req, 'reseller', created.reseller_uuid, null, created);
    return reply.code(201).send(created);
  });

  app.get('/reseller/:id', { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: Reseller } } }, async (req) =>
    orNotFound(await find(req.params.id), 'Reseller'));

  app.patch('/reseller/:id', { ...cfg, schema: { tags: ['resellers'], params: IdParam, body: ResellerPatch, response: { 200: Reseller } } }, async (req) => {
    const before = orNotFound(await find(req.params.id), 'Reseller');
    const updated = orNotFound(await app.db.updateTable('resellers').set(req.body).where('reseller_uuid', '=', req.params.id).returningAll().executeTakeFirst(), 'Reseller');
    await audit(req, 'reseller', updated.reseller_uuid, before, updated);
    return updated;
  });

  app.delete('/reseller/:id', { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: MessageBody } } }, async (req) => {
    const gone = orNotFound((await app.db.deleteFrom('resellers').where('reseller_uuid', '=', req.params.id).returningAll().executeTakeFirst()), 'Reseller');
    await audit(req, 'reseller', gone.reseller_uuid, gone, null);
    return { message: 'Reseller deleted' };
  });
}
