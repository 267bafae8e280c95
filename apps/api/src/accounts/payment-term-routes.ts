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
import { orNotFound } from '../lib/tenant';
import { audit } from '../security';
import {
  deletePaymentTerm,
  insertPaymentTerm,
  listPaymentTerms,
  paymentTermRow,
  updatePaymentTerm,
} from './payment-terms';

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
    async (req) => listPaymentTerms(app.db, req.query),
  );

  app.post(
    '/payment_term/create',
    {
      config: { access: adminOnly },
      schema: { tags: ['payment terms'], body: PaymentTermCreate, response: { 201: PaymentTerm } },
    },
    async (req, reply) => {
      const created = await insertPaymentTerm(app.db, req.body);
      await audit(req, 'payment_term', created.payment_term_uuid, null, created);
      return reply.code(201).send(created);
    },
  );

  app.get(
    '/payment_term/:id',
    { config: { access: read }, schema: { tags: ['payment terms'], params: IdParam, response: { 200: PaymentTerm } } },
    async (req) => orNotFound(await paymentTermRow(app.db, req.params.id), 'Payment term'),
  );

  app.patch(
    '/payment_term/:id',
    {
      config: { access: adminOnly },
      schema: { tags: ['payment terms'], params: IdParam, body: PaymentTermPatch, response: { 200: PaymentTerm } },
    },
    async (req) => {
      const before = orNotFound(await paymentTermRow(app.db, req.params.id), 'Payment term');
      const updated = orNotFound(await updatePaymentTerm(app.db, req.params.id, req.body), 'Payment term');
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
      const gone = orNotFound(await deletePaymentTerm(app.db, req.params.id), 'Payment term');
      await audit(req, 'payment_term', gone.payment_term_uuid, gone, null);
      return { message: 'Payment term deleted' };
    },
  );
}
