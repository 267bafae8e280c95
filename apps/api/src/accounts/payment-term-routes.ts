import type { FastifyInstance } from 'fastify';
import type { TypeBoxProvider } from '../lib/type-provider';
import {
  IdParam,
  ListPage,
  MessageBody,
  PaymentTerm,
  PaymentTermCreate,
  PaymentTermListQuery,
  PaymentTermPatch,
} from '@smsc/shared-contract';
import { adminOnly, type AccessPolicy } from '../lib/access';
import { ordering, wildcard, listPage } from '../lib/list';
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';

// Resellers read the terms to pick one for their companies; only the system admin edits them.
const read: AccessPolicy = { admin: 'all', reseller: 'all', company_admin: 'none', user: 'none' };

export default async function paymentTermRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/payment_term/list',
    {
      config: { access: read },
      schema: { tags: ['payment terms'], querystring: PaymentTermListQuery, response: { 200: ListPage(PaymentTerm) } },
    },
    async (req) => {
      const q = req.query;
      let base = app.db.selectFrom('payment_terms');
      if (q.name) base = base.where('name', 'ilike', wildcard(q.name));
      if (q.is_active !== undefined) base = base.where('is_active', '=', q.is_active);
      const { col, dir } = ordering(q, ['name', 'days', 'created_on'] as const, 'days');
      return listPage(q, base.selectAll().orderBy(col, dir).orderBy('payment_term_uuid'), base);
    },
  );

  app.post(
    '/payment_term/create',
    {
      config: { access: adminOnly },
      schema: { tags: ['payment terms'], body: PaymentTermCreate, response: { 201: PaymentTerm } },
    },
    async (req, reply) => {
      const created = await app.db
        .insertInto('payment_terms')
        .values(req.body)
        .returningAll()
        .executeTakeFirstOrThrow();
      await audit(req, 'payment_term', created.payment_term_uuid, null, created);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/payment_term/:id',
    { config: { access: read }, schema: { tags: ['payment terms'], params: IdParam, response: { 200: PaymentTerm } } },
    async (req) =>
      orNotFound(
        await app.db
          .selectFrom('payment_terms')
          .selectAll()
          .where('payment_term_uuid', '=', req.params.id)
          .executeTakeFirst(),
        'Payment term',
      ),
  );

  app.patch(
    '/payment_term/:id',
    {
      config: { access: adminOnly },
      schema: { tags: ['payment terms'], params: IdParam, body: PaymentTermPatch, response: { 200: PaymentTerm } },
    },
    async (req) => {
      const before = orNotFound(
        await app.db
          .selectFrom('payment_terms')
          .selectAll()
          .where('payment_term_uuid', '=', req.params.id)
          .executeTakeFirst(),
        'Payment term',
      );
      const updated = orNotFound(
        await app.db
          .updateTable('payment_terms')
          .set(req.body)
          .where('payment_term_uuid', '=', req.params.id)
          .returningAll()
          .executeTakeFirst(),
        'Payment term',
      );
      await audit(req, 'payment_term', updated.payment_term_uuid, before, updated);
      return updated;
    },
  );

  app.delete(
    '/payment_term/:id',
    {
      config: { access: adminOnly },
      schema: { tags: ['payment terms'], params: IdParam, response: { 200: MessageBody } },
    },
    async (req) => {
      const gone = orNotFound(
        await app.db
          .deleteFrom('payment_terms')
          .where('payment_term_uuid', '=', req.params.id)
          .returningAll()
          .executeTakeFirst(),
        'Payment term',
      );
      await audit(req, 'payment_term', gone.payment_term_uuid, gone, null);
      return { message: 'Payment term deleted' };
    },
  );
}
