import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
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
import { paging, wildcard } from '../lib/list';
import { audit } from '../security';
import {
  createInvoice,
  findInvoice,
  INVOICE_COLUMNS,
  INVOICE_FROM,
  INVOICE_OWNERS,
  today,
  toInvoice,
  type InvoiceRow,
} from './invoices';
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
const ORDER: Record<string, string> = {
  issued_on: 'i.issued_on',
  due_on: 'i.due_on',
  total: 'i.total',
  number: 'i.seq',
  company_name: 'c.company_name',
  period_start: 'i.period_start',
};

export default async function invoiceRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/invoice/list',
    { ...readCfg, schema: { tags: ['billing'], querystring: InvoiceListQuery, response: { 200: ListPage(Invoice) } } },
    async (req) => {
      const q = req.query;
      const day = today();
      const where = [rowsOf(req, INVOICE_OWNERS)];
      if (q.company_uuid) where.push(sql`i.company_uuid = ${q.company_uuid}`);
      if (q.reseller_uuid) where.push(sql`i.company_uuid is null and i.reseller_uuid = ${q.reseller_uuid}`);
      if (q.company_name) where.push(sql`c.company_name ilike ${wildcard(q.company_name)}`);
      if (q.paid !== undefined) where.push(sql`i.paid = ${q.paid}`);
      if (q.status === 'paid') where.push(sql`i.paid`);
      if (q.status === 'overdue') where.push(sql`not i.paid and i.due_on < ${day}::date`);
      if (q.status === 'issued') where.push(sql`not i.paid and i.due_on >= ${day}::date`);
      const cond = sql.join(where, sql` and `);
      const { per_page, offset } = paging(q);
      // own keys only: order_by=__proto__ or =constructor would otherwise find Object.prototype's members
      const col = q.order_by && Object.hasOwn(ORDER, q.order_by) ? ORDER[q.order_by] : 'i.issued_on';
      const dir = q.order_dir ?? 'desc';
      const [rows, total] = await Promise.all([
        sql<InvoiceRow>`select ${INVOICE_COLUMNS} ${INVOICE_FROM} where ${cond}
        order by ${sql.ref(col)} ${sql.raw(dir)} nulls last, i.issued_on desc, i.invoice_uuid limit ${per_page} offset ${offset}`.execute(
          app.db,
        ),
        sql<{ n: number }>`select count(*)::int as n ${INVOICE_FROM} where ${cond}`.execute(app.db),
      ]);
      return { items: rows.rows.map((r) => toInvoice(r, day)), total: total.rows[0].n, per_page };
    },
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
      const pdf = await invoicePdf(invoice);
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
