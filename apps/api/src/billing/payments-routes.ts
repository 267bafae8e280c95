import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sql } from 'kysely';
import {
  Balance,
  BalanceQuery,
  LedgerEntry,
  ListPage,
  Payment,
  PaymentCreate,
  PaymentListQuery,
  PaymentPayload,
  TransactionListQuery,
} from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import { ordering, paging, wildcard } from '../lib/list';
import { FieldError, notFound } from '../lib/http-error';
import { balanceOf, post, type AccountRef } from './ledger';
import { formatMoney, MoneyError, parseMoney, toMicro } from '../lib/money';
import { billingOwners } from './scope';
import { paymentStatus } from './payment-expiry';
import type { Database } from '../db/schema';
import { audit } from '../security';
import type { Kysely } from 'kysely';
import { assertCanName, COMPANY_OWNERS, rowsOf } from '../lib/tenancy';

// Reads: the admin all, a reseller its companies and its own account, a company admin its company.
const readCfg = {
  config: {
    access: { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' } satisfies AccessPolicy,
  },
};
// Manual payments are entered by whoever bills the account: the admin or the company's reseller.
const writeCfg = {
  config: { access: { admin: 'all', reseller: 'tenant', company_admin: 'none', user: 'none' } satisfies AccessPolicy },
};

/** A positive amount in micro-units, or a 400 on the amount field. */
export function positiveAmount(text: string, maxDecimals = 6): bigint {
  let micro: bigint;
  try {
    micro = parseMoney(text);
  } catch (e) {
    if (e instanceof MoneyError) throw new FieldError({ amount: 'Enter an amount such as 100.00' });
    throw e;
  }
  if (micro <= 0n) throw new FieldError({ amount: 'The amount must be greater than zero' });
  if (micro % 10n ** BigInt(6 - maxDecimals) !== 0n)
    throw new FieldError({ amount: `The amount takes at most ${maxDecimals} decimals` });
  return micro;
}

const paymentColumns = sql`p.payment_uuid, p.company_uuid, c.company_name, p.reseller_uuid, r.reseller_name, p.method, p.amount::text as amount,
  coalesce(a.currency, 'USD') as currency, ${paymentStatus} as status, p.paid_on, p.created_on`;

type PaymentRow = Omit<Payment, 'amount' | 'paid_on' | 'created_on'> & {
  amount: string;
  paid_on: Date | null;
  created_on: Date;
};
const toPayment = (r: PaymentRow): Payment => ({
  ...r,
  amount: formatMoney(toMicro(r.amount)),
  paid_on: r.paid_on && new Date(r.paid_on).toISOString(),
  created_on: new Date(r.created_on).toISOString(),
});

export async function findPayment(db: Kysely<Database>, payment_uuid: string): Promise<Payment | undefined> {
  const row = (
    await sql<PaymentRow>`select ${paymentColumns} from payments p left join companies c on c.company_uuid = p.company_uuid
    left join resellers r on r.reseller_uuid = p.reseller_uuid
    left join billing_accounts a on (a.company_uuid = p.company_uuid or (p.company_uuid is null and a.reseller_uuid = p.reseller_uuid))
    where p.payment_uuid = ${payment_uuid}`.execute(db)
  ).rows[0];
  return row && toPayment(row);
}

/** Which account a manual payment credits, after the caller's billing rights are checked. */
async function payee(
  app: FastifyInstance,
  req: FastifyRequest,
  body: PaymentCreate,
): Promise<{ ref: AccountRef; company_uuid: string | null; reseller_uuid: string | null }> {
  const me = req.user;
  if (body.company_uuid) {
    const company = await app.db
      .selectFrom('companies')
      .select(['company_uuid', 'reseller_uuid'])
      .where('company_uuid', '=', body.company_uuid)
      .where(rowsOf(req, COMPANY_OWNERS))
      .executeTakeFirst();
    // A reseller's request about a company it does not bill answers as if the company did not exist.
    if (!company) throw notFound('Company');
    if (me.user_type === 'admin' && company.reseller_uuid)
      throw new FieldError({ company_uuid: 'This company is billed by its reseller' });
    if (body.reseller_uuid && body.reseller_uuid !== company.reseller_uuid)
      throw new FieldError({ reseller_uuid: 'The company does not belong to this reseller' });
    return {
      ref: { company_uuid: company.company_uuid },
      company_uuid: company.company_uuid,
      reseller_uuid: company.reseller_uuid,
    };
  }
  // A reseller's own account is billed by the system admin alone, so only the admin names a reseller here.
  if (body.reseller_uuid && me.user_type === 'admin') {
    await assertCanName(app.db, req, 'reseller', body.reseller_uuid);
    return { ref: { reseller_uuid: body.reseller_uuid }, company_uuid: null, reseller_uuid: body.reseller_uuid };
  }
  throw new FieldError({
    company_uuid: me.user_type === 'admin' ? 'Choose a company or a reseller' : 'Choose a company',
  });
}

export default async function paymentRoutes(base: FastifyInstance) {
  const app = base.withTypeProvider<TypeBoxProvider>();

  app.get(
    '/payment/list',
    { ...readCfg, schema: { tags: ['billing'], querystring: PaymentListQuery, response: { 200: ListPage(Payment) } } },
    async (req) => {
      const q = req.query;
      const where = [rowsOf(req, billingOwners('p'))];
      if (q.company_uuid) where.push(sql`p.company_uuid = ${q.company_uuid}`);
      if (q.reseller_uuid) where.push(sql`p.company_uuid is null and p.reseller_uuid = ${q.reseller_uuid}`);
      if (q.company_name) where.push(sql`c.company_name ilike ${wildcard(q.company_name)}`);
      if (q.status) where.push(sql`${paymentStatus} = ${q.status}`);
      if (q.search) {
        const w = wildcard(q.search);
        where.push(
          sql`(c.company_name ilike ${w} or r.reseller_name ilike ${w} or p.method ilike ${w} or ${paymentStatus} ilike ${w})`,
        );
      }
      const cond = sql.join(where, sql` and `);
      const { per_page, offset } = paging(q);
      const { col, dir } = ordering(
        q,
        ['created_on', 'paid_on', 'amount', 'company_name', 'method', 'status'] as const,
        'created_on',
        'desc',
      );
      const orderCol = col === 'company_name' ? sql.ref('c.company_name') : sql.ref(`p.${col}`);
      const from = sql`from payments p left join companies c on c.company_uuid = p.company_uuid left join resellers r on r.reseller_uuid = p.reseller_uuid`;
      const [rows, total] = await Promise.all([
        sql<PaymentRow>`select ${paymentColumns} ${from}
        left join billing_accounts a on (a.company_uuid = p.company_uuid or (p.company_uuid is null and a.reseller_uuid = p.reseller_uuid))
        where ${cond} order by ${orderCol} ${sql.raw(dir)} nulls last, p.payment_uuid limit ${per_page} offset ${offset}`.execute(
          app.db,
        ),
        sql<{ n: number }>`select count(*)::int as n ${from} where ${cond}`.execute(app.db),
      ]);
      return { items: rows.rows.map(toPayment), total: total.rows[0].n, per_page };
    },
  );

  app.post(
    '/payment',
    { ...writeCfg, schema: { tags: ['billing'], body: PaymentCreate, response: { 201: PaymentPayload } } },
    async (req, reply) => {
      const amount = positiveAmount(req.body.amount);
      const who = await payee(app, req, req.body);
      const payment_uuid = await app.db.transaction().execute(async (trx) => {
        const p = await trx
          .insertInto('payments')
          .values({
            company_uuid: who.company_uuid,
            reseller_uuid: who.reseller_uuid,
            method: 'manual',
            amount: amount.toString(),
            status: 'paid',
            paid_on: new Date(),
            created_by: req.user.uuid,
          })
          .returning('payment_uuid')
          .executeTakeFirstOrThrow();
        const entry = await post(trx, {
          account: who.ref,
          amount,
          kind: 'payment',
          cause_type: 'payment',
          cause_id: p.payment_uuid,
          idempotency_key: `payment:${p.payment_uuid}`,
          memo: 'Manual payment',
          created_by: req.user.uuid,
        });
        await trx
          .updateTable('payments')
          .set({ entry_id: entry.entry_id })
          .where('payment_uuid', '=', p.payment_uuid)
          .execute();
        return p.payment_uuid;
      });
      // money: who credited whom with how much (the ledger entry carries the same amount and cause)
      await audit(req, 'payment', payment_uuid, null, {
        company_uuid: who.company_uuid,
        reseller_uuid: who.reseller_uuid,
        method: 'manual',
        amount: formatMoney(amount),
        status: 'paid',
      });
      return reply.code(201).send({ payment: (await findPayment(app.db, payment_uuid)) as Payment });
    },
  );

  app.get(
    '/transaction/list',
    {
      ...readCfg,
      schema: { tags: ['billing'], querystring: TransactionListQuery, response: { 200: ListPage(LedgerEntry) } },
    },
    async (req) => {
      const q = req.query;
      const where = [rowsOf(req, billingOwners('a'))];
      if (q.company_uuid) where.push(sql`a.company_uuid = ${q.company_uuid}`);
      if (q.reseller_uuid) where.push(sql`a.reseller_uuid = ${q.reseller_uuid}`);
      if (q.company_name) where.push(sql`c.company_name ilike ${wildcard(q.company_name)}`);
      if (q.kind) where.push(sql`e.kind = ${q.kind}`);
      const cond = sql.join(where, sql` and `);
      const { per_page, offset } = paging(q);
      const dir = q.order_dir ?? 'desc';
      const from = sql`from ledger_entries e join billing_accounts a on a.account_uuid = e.account_uuid left join companies c on c.company_uuid = a.company_uuid
      left join resellers r on r.reseller_uuid = coalesce(a.reseller_uuid, c.reseller_uuid)`;
      const [rows, total] = await Promise.all([
        sql<
          Omit<LedgerEntry, 'created_on'> & { created_on: Date }
        >`select e.entry_id::text as entry_id, a.company_uuid, c.company_name,
        coalesce(a.reseller_uuid, c.reseller_uuid) as reseller_uuid, r.reseller_name, e.kind, e.amount::text as amount, e.balance_after::text as balance_after,
        a.currency, e.cause_type, e.cause_id, e.memo, e.created_on ${from} where ${cond}
        order by e.entry_id ${sql.raw(dir)} limit ${per_page} offset ${offset}`.execute(app.db),
        sql<{ n: number }>`select count(*)::int as n ${from} where ${cond}`.execute(app.db),
      ]);
      const items = rows.rows.map((r) => ({
        ...r,
        amount: formatMoney(toMicro(r.amount)),
        balance_after: formatMoney(toMicro(r.balance_after)),
        created_on: new Date(r.created_on).toISOString(),
      }));
      return { items, total: total.rows[0].n, per_page };
    },
  );

  app.get(
    '/balance',
    { ...readCfg, schema: { tags: ['billing'], querystring: BalanceQuery, response: { 200: Balance } } },
    async (req) => {
      const me = req.user;
      // Without a target: the caller's own account (its company, or a reseller's own).
      const company_uuid =
        req.query.company_uuid ?? (req.query.reseller_uuid ? undefined : (me.company_uuid ?? undefined));
      const reseller_uuid = company_uuid ? undefined : (req.query.reseller_uuid ?? me.reseller_uuid ?? undefined);
      let ref: AccountRef;
      if (company_uuid) {
        const visible = await sql<{
          company_uuid: string;
        }>`select c.company_uuid from companies c where c.company_uuid = ${company_uuid}
        and ${rowsOf(req, { company: 'c.company_uuid', companyReseller: 'c.reseller_uuid' })}`.execute(app.db);
        if (!visible.rows[0]) throw notFound('Company');
        ref = { company_uuid };
      } else if (reseller_uuid) {
        // a reseller's own account, or for the system admin any reseller's
        await assertCanName(app.db, req, 'reseller', reseller_uuid);
        ref = { reseller_uuid };
      } else {
        // The system admin has no account of its own.
        throw notFound('Account');
      }
      const b = await balanceOf(app.db, ref);
      return {
        company_uuid: company_uuid ?? null,
        reseller_uuid: company_uuid ? null : (reseller_uuid as string),
        balance: formatMoney(b.balance),
        reserved: formatMoney(b.reserved),
        available: formatMoney(b.available),
        credit_limit: formatMoney(b.credit_limit),
        low_balance_threshold: b.low_balance_threshold === null ? null : formatMoney(b.low_balance_threshold),
        currency: b.currency,
        prepay: b.prepay,
      };
    },
  );
}
