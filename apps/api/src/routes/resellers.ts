import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  IdParam,
  ListPage,
  MessageBody,
  Reseller,
  ResellerCreate,
  ResellerListQuery,
  ResellerPatch,
} from '@smsc/shared-contract';
import { adminOnly } from '../lib/access';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';
import { FieldError } from '../lib/http-error';

const cfg = { config: { access: adminOnly } };

// POST /reseller/import lives in reseller-import.ts (it takes multipart uploads too).
export default async function resellerRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const find = (id: string) =>
    app.db.selectFrom('resellers').selectAll().where('reseller_uuid', '=', id).executeTakeFirst();
  // a wholesale price is the platform's to set: a reseller's own product cannot price what it owes
  const checkProduct = async (product_uuid: string | null | undefined) => {
    if (!product_uuid) return;
    const p = await app.db
      .selectFrom('products')
      .select('reseller_uuid')
      .where('product_uuid', '=', product_uuid)
      .executeTakeFirst();
    if (!p || p.reseller_uuid !== null)
      throw new FieldError({ platform_product_uuid: "Choose a product of the platform (not a reseller's)" });
  };

  app.get(
    '/reseller/list',
    { ...cfg, schema: { tags: ['resellers'], querystring: ResellerListQuery, response: { 200: ListPage(Reseller) } } },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('resellers');
      if (q.reseller_name) base = base.where('reseller_name', 'ilike', wildcard(q.reseller_name));
      const { col, dir } = ordering(q, ['reseller_name', 'created_on'] as const, 'reseller_name');
      return listPage(q, base.selectAll().orderBy(col, dir).orderBy('reseller_uuid'), base);
    },
  );

  app.post(
    '/reseller',
    { ...cfg, schema: { tags: ['resellers'], body: ResellerCreate, response: { 201: Reseller } } },
    async (req, reply) => {
      await checkProduct(req.body.platform_product_uuid);
      const created = await app.db.insertInto('resellers').values(req.body).returningAll().executeTakeFirstOrThrow();
      await audit(req, 'reseller', created.reseller_uuid, null, created);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: Reseller } } },
    async (req) => orNotFound(await find(req.params.id), 'Reseller'),
  );

  app.patch(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, body: ResellerPatch, response: { 200: Reseller } } },
    async (req) => {
      const before = orNotFound(await find(req.params.id), 'Reseller');
      await checkProduct(req.body.platform_product_uuid);
      const updated = orNotFound(
        await app.db
          .updateTable('resellers')
          .set(req.body)
          .where('reseller_uuid', '=', req.params.id)
          .returningAll()
          .executeTakeFirst(),
        'Reseller',
      );
      await audit(req, 'reseller', updated.reseller_uuid, before, updated);
      return updated;
    },
  );

  app.delete(
    '/reseller/:id',
    { ...cfg, schema: { tags: ['resellers'], params: IdParam, response: { 200: MessageBody } } },
    async (req) => {
      const gone = orNotFound(
        await app.db
          .deleteFrom('resellers')
          .where('reseller_uuid', '=', req.params.id)
          .returningAll()
          .executeTakeFirst(),
        'Reseller',
      );
      await audit(req, 'reseller', gone.reseller_uuid, gone, null);
      return { message: 'Reseller deleted' };
    },
  );
}
