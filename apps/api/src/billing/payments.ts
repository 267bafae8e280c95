// Billing's statements on payments (and the ledger list beside them): the payment, checkout and PayPal
// routes call these, and billing's repository hands other domains the few they need. Each takes the
// executor it runs on (app.db or a transaction).
import { sql, type Expression, type Insertable, type Kysely, type SqlBool, type Transaction } from 'kysely';
import type { LedgerEntry, Payment, PaymentListQuery, TransactionListQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { ordering, paging, wildcard } from '../lib/list';
import { formatMoney, toMicro } from '../lib/money';
import { post } from './ledger';
import type { AccountRef } from './account-ref';
import { paymentStatus } from './payment-expiry';
import { companyRows, resellerRows } from '../accounts';

type Db = Kysely<Database>;

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

export async function findPayment(db: Db, payment_uuid: string): Promise<Payment | undefined> {
  const row = (
    await sql<PaymentRow>`select ${paymentColumns} from payments p left join ${companyRows} c on c.company_uuid = p.company_uuid
    left join ${resellerRows} r on r.reseller_uuid = p.reseller_uuid
    left join billing_accounts a on (a.company_uuid = p.company_uuid or (p.company_uuid is null and a.reseller_uuid = p.reseller_uuid))
    where p.payment_uuid = ${payment_uuid}`.execute(db)
  ).rows[0];
  return row && toPayment(row);
}

/** A page of the payments visible under `scope` (a tenancy condition on payments p / companies c). */
export async function listPayments(db: Db, scope: Expression<SqlBool>, q: PaymentListQuery) {
  const where = [scope];
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
  const from = sql`from payments p left join ${companyRows} c on c.company_uuid = p.company_uuid left join ${resellerRows} r on r.reseller_uuid = p.reseller_uuid`;
  const [rows, total] = await Promise.all([
    sql<PaymentRow>`select ${paymentColumns} ${from}
        left join billing_accounts a on (a.company_uuid = p.company_uuid or (p.company_uuid is null and a.reseller_uuid = p.reseller_uuid))
        where ${cond} order by ${orderCol} ${sql.raw(dir)} nulls last, p.payment_uuid limit ${per_page} offset ${offset}`.execute(
      db,
    ),
    sql<{ n: number }>`select count(*)::int as n ${from} where ${cond}`.execute(db),
  ]);
  return { items: rows.rows.map(toPayment), total: total.rows[0].n, per_page };
}

/** A page of the ledger entries visible under `scope` (a tenancy condition on billing_accounts a / companies c). */
export async function listTransactions(db: Db, scope: Expression<SqlBool>, q: TransactionListQuery) {
  const where = [scope];
  if (q.company_uuid) where.push(sql`a.company_uuid = ${q.company_uuid}`);
  if (q.reseller_uuid) where.push(sql`a.reseller_uuid = ${q.reseller_uuid}`);
  if (q.company_name) where.push(sql`c.company_name ilike ${wildcard(q.company_name)}`);
  if (q.kind) where.push(sql`e.kind = ${q.kind}`);
  const cond = sql.join(where, sql` and `);
  const { per_page, offset } = paging(q);
  const dir = q.order_dir ?? 'desc';
  const from = sql`from ledger_entries e join billing_accounts a on a.account_uuid = e.account_uuid left join ${companyRows} c on c.company_uuid = a.company_uuid
      left join ${resellerRows} r on r.reseller_uuid = coalesce(a.reseller_uuid, c.reseller_uuid)`;
  const [rows, total] = await Promise.all([
    sql<
      Omit<LedgerEntry, 'created_on'> & { created_on: Date }
    >`select e.entry_id::text as entry_id, a.company_uuid, c.company_name,
        coalesce(a.reseller_uuid, c.reseller_uuid) as reseller_uuid, r.reseller_name, e.kind, e.amount::text as amount, e.balance_after::text as balance_after,
        a.currency, e.cause_type, e.cause_id, e.memo, e.created_on ${from} where ${cond}
        order by e.entry_id ${sql.raw(dir)} limit ${per_page} offset ${offset}`.execute(db),
    sql<{ n: number }>`select count(*)::int as n ${from} where ${cond}`.execute(db),
  ]);
  const items = rows.rows.map((r) => ({
    ...r,
    amount: formatMoney(toMicro(r.amount)),
    balance_after: formatMoney(toMicro(r.balance_after)),
    created_on: new Date(r.created_on).toISOString(),
  }));
  return { items, total: total.rows[0].n, per_page };
}

/** A manual payment, paid at once: the payment row and its ledger credit in one transaction. */
export async function recordManualPayment(
  db: Db,
  who: { ref: AccountRef; company_uuid: string | null; reseller_uuid: string | null },
  amount: bigint,
  created_by: string,
): Promise<string> {
  return db.transaction().execute(async (trx) => {
    const p = await trx
      .insertInto('payments')
      .values({
        company_uuid: who.company_uuid,
        reseller_uuid: who.reseller_uuid,
        method: 'manual',
        amount: amount.toString(),
        status: 'paid',
        paid_on: new Date(),
        created_by,
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
      created_by,
    });
    await setEntry(trx, p.payment_uuid, entry.entry_id);
    return p.payment_uuid;
  });
}

/** A pending payment waiting for its provider (card checkout, PayPal order, auto-recharge charge). */
export async function openPayment(db: Db, values: Insertable<Database['payments']>) {
  return db.insertInto('payments').values(values).returning(['payment_uuid', 'company_uuid']).executeTakeFirstOrThrow();
}

const setEntry = (db: Db, payment_uuid: string, entry_id: string) =>
  db.updateTable('payments').set({ entry_id }).where('payment_uuid', '=', payment_uuid).execute();

/** The provider's reference of a payment (its Checkout Session, PayPal order or card charge). */
export async function setProviderRef(db: Db, payment_uuid: string, provider_ref: string): Promise<void> {
  await db.updateTable('payments').set({ provider_ref }).where('payment_uuid', '=', payment_uuid).execute();
}

/** Cancels a payment; `pendingOnly` leaves one paid or expired meanwhile as it is. */
export async function cancelPayment(db: Db, payment_uuid: string, pendingOnly = true): Promise<void> {
  let q = db.updateTable('payments').set({ status: 'cancelled' }).where('payment_uuid', '=', payment_uuid);
  if (pendingOnly) q = q.where('status', '=', 'pending');
  await q.execute();
}

/** What the built-in checkout page reads of its payment. */
export async function checkoutPayment(db: Db, payment_uuid: string) {
  return db
    .selectFrom('payments')
    .select(['payment_uuid', 'company_uuid', 'status', 'checkout_secret_hash', 'amount', 'expires_on'])
    .where('payment_uuid', '=', payment_uuid)
    .executeTakeFirst();
}

export async function paymentStatusOf(db: Db, payment_uuid: string) {
  const p = await db
    .selectFrom('payments')
    .select('status')
    .where('payment_uuid', '=', payment_uuid)
    .executeTakeFirst();
  return p?.status;
}

export async function paymentAmount(db: Db, payment_uuid: string): Promise<bigint | undefined> {
  const p = await db
    .selectFrom('payments')
    .select('amount')
    .where('payment_uuid', '=', payment_uuid)
    .executeTakeFirst();
  return p && toMicro(p.amount);
}

/** Records a Stripe event id; false when it was recorded before (a replay, or a twin that waited on the key). */
export async function firstStripeEvent(trx: Transaction<Database>, event_id: string, type: string) {
  const fresh = await trx
    .insertInto('stripe_events')
    .values({ event_id, type })
    .onConflict((oc) => oc.doNothing())
    .returning('event_id')
    .executeTakeFirst();
  return !!fresh;
}

/** Marks a pending card payment paid and credits its account; false when it was not pending (already paid or cancelled). */
export async function creditCardPayment(
  trx: Transaction<Database>,
  payment_uuid: string,
  cause: { type: string; id: string },
): Promise<boolean> {
  const p = await trx
    .updateTable('payments')
    .set({ status: 'paid', paid_on: new Date() })
    .where('payment_uuid', '=', payment_uuid)
    // an expired session the provider still collected (a late webhook) is money received: credit it
    .where('status', 'in', ['pending', 'expired'])
    .where('method', '=', 'card')
    .returning(['company_uuid', 'reseller_uuid', 'amount'])
    .executeTakeFirst();
  if (!p) return false;
  const entry = await post(trx, {
    account: p.company_uuid ? { company_uuid: p.company_uuid } : { reseller_uuid: p.reseller_uuid as string },
    amount: toMicro(p.amount),
    kind: 'payment',
    cause_type: cause.type,
    cause_id: cause.id,
    idempotency_key: `payment:${payment_uuid}`,
    memo: 'Card payment',
  });
  await setEntry(trx, payment_uuid, entry.entry_id);
  return true;
}

/** A PayPal payment of the caller's own account by its order id (a company's, or a reseller's own). */
export async function ownPaypalPayment(
  db: Db,
  order_id: string,
  me: { company_uuid: string | null; reseller_uuid: string | null },
) {
  return db
    .selectFrom('payments')
    .select(['payment_uuid', 'amount', 'status', 'company_uuid', 'reseller_uuid'])
    .where('provider_ref', '=', order_id)
    .where('method', '=', 'paypal')
    .where((eb) =>
      me.company_uuid
        ? eb('company_uuid', '=', me.company_uuid)
        : eb.and([eb('company_uuid', 'is', null), eb('reseller_uuid', '=', me.reseller_uuid)]),
    )
    .executeTakeFirst();
}

/** Marks a verified PayPal capture paid and credits it once; false when it was credited before. */
export async function creditPaypalCapture(
  db: Db,
  p: { payment_uuid: string; amount: string | bigint; company_uuid: string | null; reseller_uuid: string | null },
  capture_id: string,
  created_by: string,
): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const paid = await trx
      .updateTable('payments')
      .set({ status: 'paid', paid_on: new Date(), provider_capture_id: capture_id })
      .where('payment_uuid', '=', p.payment_uuid)
      .where('status', 'in', ['pending', 'expired'])
      .returning('payment_uuid')
      .executeTakeFirst();
    if (!paid) return false;
    const entry = await post(trx, {
      account: p.company_uuid ? { company_uuid: p.company_uuid } : { reseller_uuid: p.reseller_uuid as string },
      amount: toMicro(p.amount),
      kind: 'payment',
      cause_type: 'paypal_capture',
      cause_id: capture_id,
      idempotency_key: `payment:${p.payment_uuid}`,
      memo: 'PayPal payment',
      created_by,
    });
    await setEntry(trx, p.payment_uuid, entry.entry_id);
    return !entry.duplicate;
  });
}
