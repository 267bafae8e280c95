// Invoice queries and generation over SQL; the rules themselves are in invoice-core.ts.
import { sql, type Expression, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { FastifyRequest } from 'fastify';
import type { Invoice, InvoiceCreate, InvoiceDetails, InvoiceLine, InvoiceListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import type { LedgerKind } from './ledger-core';
import { FieldError, forbidden, notFound } from '../lib/http-error';
import { lockAccount, type AccountRef } from './ledger';
import {
  buildInvoice,
  dayText,
  dueDate,
  invoiceNumber,
  invoiceStatus,
  InvoiceRuleError,
  parseDay,
  periodBounds,
  roundToDigits,
} from './invoice-core';
import { currencyDigits } from '@smsc/shared-util';
import { formatMoney, toMicro } from '../lib/money';
import { paging, wildcard } from '../lib/list';
import { settleInvoices } from './account-hooks';
import { queueInvoiceMail } from './invoice-mail';
import { callerScope, rowsOf, type TenantColumns } from '../lib/tenancy';
import { accountsRepository, companyRows, resellerRows } from '../accounts';

/**
 * Who sees an invoice: the admin all; a reseller those it issued (its companies') and those billed to
 * its own account; a company admin its company's. Anything else answers 404 at the call.
 */
export const INVOICE_OWNERS: TenantColumns = {
  company: 'i.company_uuid',
  companyReseller: 'i.issuer_reseller_uuid',
  reseller: 'i.reseller_uuid',
  resellerOnlyWithoutCompany: true,
};

export const INVOICE_FROM = sql`from invoices i left join ${companyRows} c on c.company_uuid = i.company_uuid
  left join ${resellerRows} r on r.reseller_uuid = coalesce(i.reseller_uuid, c.reseller_uuid)
  left join ${resellerRows} ir on ir.reseller_uuid = i.issuer_reseller_uuid`;

export const INVOICE_COLUMNS = sql`i.invoice_uuid, i.number, coalesce(ir.reseller_name, 'system') as issuer_name, i.company_uuid, c.company_name,
  coalesce(i.reseller_uuid, c.reseller_uuid) as reseller_uuid, r.reseller_name, i.period_start::text as period_start, i.period_end::text as period_end,
  i.issued_on, i.due_on::text as due_on, i.currency, i.total::text as total, i.payments_received::text as payments_received, i.line_count, i.paid, i.paid_on`;

export type InvoiceRow = Omit<Invoice, 'issued_on' | 'paid_on' | 'status'> & { issued_on: Date; paid_on: Date | null };

export const today = () => dayText(new Date());

export function toInvoice(r: InvoiceRow, day = today()): Invoice {
  return {
    ...r,
    // invoices issued before the rounding rule stored exact sums: answered by the same rule
    total: formatMoney(roundToDigits(toMicro(r.total), currencyDigits(r.currency))),
    payments_received: formatMoney(toMicro(r.payments_received)),
    issued_on: new Date(r.issued_on).toISOString(),
    paid_on: r.paid_on && new Date(r.paid_on).toISOString(),
    status: invoiceStatus(r.paid, r.due_on, day),
  };
}

/** One invoice with its lines, or 404 when the caller may not see it (its existence is not revealed). */
export async function findInvoice(db: Kysely<Database>, req: FastifyRequest, id: string): Promise<InvoiceDetails> {
  const found = await invoiceDetails(db, id, rowsOf(req, INVOICE_OWNERS));
  if (!found) throw notFound('Invoice');
  return found;
}

/** One invoice with its lines within `scope` (the server's own reads, e.g. the invoice mail, pass none). */
export async function invoiceDetails(
  db: Kysely<Database> | Transaction<Database>,
  id: string,
  scope: Expression<SqlBool> = sql<boolean>`true`,
): Promise<InvoiceDetails | undefined> {
  const row = (
    await sql<InvoiceRow>`select ${INVOICE_COLUMNS} ${INVOICE_FROM} where i.invoice_uuid = ${id} and ${scope}`.execute(
      db,
    )
  ).rows[0];
  if (!row) return undefined;
  const lines = (
    await sql<
      Omit<InvoiceLine, 'amount'> & { amount: string }
    >`select kind, description, quantity, amount::text as amount
    from invoice_lines where invoice_uuid = ${id} order by line_no`.execute(db)
  ).rows;
  return { ...toInvoice(row), lines: lines.map((l) => ({ ...l, amount: formatMoney(toMicro(l.amount)) })) };
}

export interface Billed {
  ref: AccountRef;
  company_uuid: string | null;
  reseller_uuid: string | null;
  issuer_reseller_uuid: string | null;
  term_days: number | null;
}

/**
 * Whose invoice this is and who issues it. The system admin bills direct companies and resellers'
 * own accounts; a reseller its companies (a company admin may not create invoices: the route refuses
 * it). A company the caller does not bill answers 404; an ownership field it may not use, 403.
 */
async function billed(db: Kysely<Database>, req: FastifyRequest, body: InvoiceCreate): Promise<Billed> {
  const me = req.user;
  if (body.reseller_uuid && me.user_type !== 'admin') throw forbidden();
  const companyId = body.company_uuid;
  if (companyId) {
    const c = await accountsRepository.visibleCompany(db, callerScope(req), companyId);
    if (!c) throw notFound('Company');
    if (me.user_type === 'admin' && c.reseller_uuid)
      throw new FieldError({ company_uuid: 'This company is billed by its reseller' });
    if (body.reseller_uuid && body.reseller_uuid !== c.reseller_uuid)
      throw new FieldError({ reseller_uuid: 'The company does not belong to this reseller' });
    return {
      ref: { company_uuid: c.company_uuid },
      company_uuid: c.company_uuid,
      reseller_uuid: null,
      issuer_reseller_uuid: c.reseller_uuid,
      term_days: c.payment_term_days ?? null,
    };
  }
  if (body.reseller_uuid) {
    if (!(await accountsRepository.resellerExists(db, body.reseller_uuid))) throw notFound('Reseller');
    return {
      ref: { reseller_uuid: body.reseller_uuid },
      company_uuid: null,
      reseller_uuid: body.reseller_uuid,
      issuer_reseller_uuid: null,
      term_days: null,
    };
  }
  throw new FieldError({
    company_uuid: me.user_type === 'admin' ? 'Choose a company or a reseller' : 'Choose a company',
  });
}

export interface IssueInput extends Billed {
  period_start: string;
  period_end: string;
  /** the issue day (today; the demo seed back-dates) */
  day: string;
  created_by: string | null;
}

/**
 * Generates and issues one invoice from the account's ledger entries of the period, inside `trx`:
 * under the account's lock (no concurrent twin for an overlapping period) and the issuer's counter
 * row (the next number, taken in this transaction, so a rollback leaves no gap).
 */
export async function issueInvoice(trx: Transaction<Database>, input: IssueInput): Promise<string> {
  const period = periodBounds(input.period_start, input.period_end, input.day);
  const acc = await lockAccount(trx, input.ref);
  const owner = input.company_uuid
    ? sql`company_uuid = ${input.company_uuid}`
    : sql`company_uuid is null and reseller_uuid = ${input.reseller_uuid}`;
  const overlap = (
    await sql<{ number: string }>`select number from invoices where ${owner}
    and period_start <= ${input.period_end}::date and period_end >= ${input.period_start}::date limit 1`.execute(trx)
  ).rows[0];
  if (overlap) throw new FieldError({ period_start: `Invoice ${overlap.number} already covers part of this period` });
  const rows = (
    await sql<{
      kind: LedgerKind;
      amount: string;
      memo: string | null;
      created_on: Date;
    }>`select kind, amount::text as amount, memo, created_on
    from ledger_entries where account_uuid = ${acc.account_uuid} and created_on >= ${period.from} and created_on < ${period.to}`.execute(
      trx,
    )
  ).rows;
  const { currency } = (
    await sql<{
      currency: string;
    }>`select currency from billing_accounts where account_uuid = ${acc.account_uuid}`.execute(trx)
  ).rows[0];
  const draft = buildInvoice(
    rows.map((r) => ({ ...r, amount: toMicro(r.amount), created_on: new Date(r.created_on) })),
    period,
    currencyDigits(currency),
  );
  if (!draft.lines.length)
    throw new FieldError({ period_start: 'Nothing to invoice in this period: the account has no charges in it' });
  const issuer_key = input.issuer_reseller_uuid ? `reseller:${input.issuer_reseller_uuid}` : 'system';
  const { last_seq } = (
    await sql<{ last_seq: number }>`insert into invoice_counters (issuer_key, last_seq) values (${issuer_key}, 1)
    on conflict (issuer_key) do update set last_seq = invoice_counters.last_seq + 1 returning last_seq`.execute(trx)
  ).rows[0];
  const inv = await trx
    .insertInto('invoices')
    .values({
      issuer_key,
      seq: last_seq,
      number: invoiceNumber('INV', last_seq),
      issuer_reseller_uuid: input.issuer_reseller_uuid,
      company_uuid: input.company_uuid,
      reseller_uuid: input.reseller_uuid,
      period_start: input.period_start,
      period_end: input.period_end,
      due_on: dueDate(input.day, input.term_days),
      currency: sql<string>`(select currency from billing_accounts where account_uuid = ${acc.account_uuid})`,
      total: draft.total.toString(),
      payments_received: draft.payments_received.toString(),
      line_count: draft.lines.length,
      created_by: input.created_by,
      issued_on: input.day === today() ? new Date() : parseDay(input.day),
    })
    .returning('invoice_uuid')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('invoice_lines')
    .values(
      draft.lines.map((l, i) => ({
        invoice_uuid: inv.invoice_uuid,
        line_no: i + 1,
        kind: l.kind,
        description: l.description,
        quantity: l.quantity,
        amount: l.amount.toString(),
      })),
    )
    .execute();
  // Payments already received may cover it at once (a prepay account's usage is paid ahead).
  await settleInvoices(trx, acc);
  return inv.invoice_uuid;
}

/** POST /invoice: checks the period and the caller's right to bill the target, then issues. */
export async function createInvoice(
  db: Kysely<Database>,
  req: FastifyRequest,
  body: InvoiceCreate,
  day = today(),
  publicUrl = '',
): Promise<string> {
  try {
    periodBounds(body.period_start, body.period_end, day);
  } catch (e) {
    if (e instanceof InvoiceRuleError) throw new FieldError({ [e.field]: e.message });
    throw e;
  }
  const who = await billed(db, req, body);
  return db.transaction().execute(async (trx) => {
    const id = await issueInvoice(trx, {
      ...who,
      period_start: body.period_start,
      period_end: body.period_end,
      day,
      created_by: req.user.uuid,
    });
    // in the same transaction: the mail exists exactly when the invoice does (sent after commit)
    await queueInvoiceMail(trx, await invoiceDetails(trx, id), publicUrl);
    return id;
  });
}

const ORDER: Record<string, string> = {
  issued_on: 'i.issued_on',
  due_on: 'i.due_on',
  total: 'i.total',
  number: 'i.seq',
  company_name: 'c.company_name',
  period_start: 'i.period_start',
};

/** A page of the invoices visible under `scope` (a tenancy condition on invoices i / companies c). */
export async function listInvoices(db: Kysely<Database>, scope: Expression<SqlBool>, q: InvoiceListQuery) {
  const day = today();
  const where = [scope];
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
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n ${INVOICE_FROM} where ${cond}`.execute(db),
  ]);
  return { items: rows.rows.map((r) => toInvoice(r, day)), total: total.rows[0].n, per_page };
}
