import { invoiceBrandName } from './invoice-brand';
import type { FastifyInstance } from 'fastify';
import { Type } from '@sinclair/typebox';
import {
  IdParam,
  Invoice,
  InvoiceCreate,
  InvoiceDetails,
  InvoiceListQuery,
  InvoicePayload,
  ListPage,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { audit } from '../security';
import { createInvoice, findInvoice, INVOICE_OWNERS, listInvoices } from './invoices';
import { invoicePdf } from './invoice-pdf';
import { rowsOf } from '../lib/tenancy';

// Reads: the admin all, a reseller what it issued and its own account's, a company admin its company's.
const readCfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy,
  },
};
// Invoices are issued by the biller (the platform or the company's reseller); a company admin reads its
// company's invoices but does not create them (its screen has no "New invoice" either).
const createCfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' } satisfies AccessPolicy,
    refusal: 'A company admin cannot create invoices; its reseller or the platform issues them',
  },
};
export default async function invoiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/invoice/list',
    { ...readCfg, schema: { tags: ['billing'], querystring: InvoiceListQuery, response: { 200: ListPage(Invoice) } } },
    async (req) => listInvoices(app.db, rowsOf(req, INVOICE_OWNERS), req.query),
  );

  app.get(
    '/invoice/:id',
    { ...readCfg, schema: { tags: ['billing'], params: IdParam, response: { 200: InvoiceDetails } } },
    async (req) => findInvoice(app.db, req, req.params.id),
  );

  app.get(
    '/invoice/:id/pdf',
    {
      ...readCfg,
      schema: {
        tags: ['billing'],
        params: IdParam,
        response: {
          200: Type.Unsafe<Buffer>({ type: 'string', format: 'binary', description: 'the invoice as application/pdf' }),
        },
      },
    },
    async (req, reply) => {
      const invoice = await findInvoice(app.db, req, req.params.id);
      const pdf = await invoicePdf(invoice, await invoiceBrandName(app.db, invoice));
      return reply
        .type('application/pdf')
        .header('content-disposition', `attachment; filename="invoice-${invoice.number}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.post(
    '/invoice',
    { ...createCfg, schema: { tags: ['billing'], body: InvoiceCreate, response: { 201: InvoicePayload } } },
    async (req, reply) => {
      const id = await createInvoice(app.db, req, req.body, undefined, app.config.publicUrl);
      app.outbox.kick();
      const invoice = await findInvoice(app.db, req, id);
      const { lines: _lines, ...summary } = invoice;
      await audit(req, 'invoice', id, null, summary);
      return reply.code(201).send({ invoice });
    },
  );
}
