// One auto-recharge attempt in three steps: claim it (under the settings row's lock: the monthly cap is
// checked against what succeeded or is being charged, and a pending card payment is written), charge the
// card outside any transaction (a provider may take seconds), then book the answer: paid → ledger credit
// and receipt; declined → the failure counted, mailed, and after the limit auto-recharge turned off.
import { sql, type Kysely, type Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { accountOf, formatMoney, toMicro, type BillingRepository } from '../billing';
import type { CardCharger } from './charger';
import { mailFailure, mailReceipt } from './mail';
import { monthStartOf } from './rules';

export interface RechargeJob {
  company_uuid: string;
  crossing: number;
  /** 1 for the crossing's first charge, then one more per retry after a failure */
  try: number;
}
export type Outcome = 'succeeded' | 'retry' | 'disabled' | 'none';

interface Claimed {
  attempt_uuid: string;
  payment_uuid: string;
  amount: bigint;
  currency: string;
  card: { customer_id: string | null; payment_method_id: string; brand: string; last4: string };
}

type AttemptEnd = 'skipped' | 'capped';
async function endEarly(trx: Transaction<Database>, job: RechargeJob, status: AttemptEnd, message: string, s?: Row) {
  await trx
    .insertInto('recharge_attempts')
    .values({
      company_uuid: job.company_uuid,
      crossing: job.crossing,
      try: job.try,
      amount: s?.amount ?? '0',
      currency: s?.currency ?? 'USD',
      status,
      message,
      finished_on: new Date(),
    })
    .execute();
}

interface Row {
  enabled: boolean;
  amount: string;
  monthly_cap: string;
  currency: string;
  customer_id: string | null;
  payment_method_id: string | null;
  brand: string | null;
  last4: string | null;
}

async function claim(db: Kysely<Database>, billing: BillingRepository, job: RechargeJob): Promise<Claimed | null> {
  return db.transaction().execute(async (trx) => {
    const s = (
      await sql<Row>`select r.enabled, r.amount::text as amount, r.monthly_cap::text as monthly_cap,
        coalesce(a.currency, 'USD') as currency, k.customer_id, k.payment_method_id, k.brand, k.last4
      from auto_recharge r left join ${accountOf(sql.val(job.company_uuid))} a on true
        left join saved_cards k on k.company_uuid = r.company_uuid
      where r.company_uuid = ${job.company_uuid} for update of r`.execute(trx)
    ).rows[0];
    const seen = await trx
      .selectFrom('recharge_attempts')
      .select(['attempt_uuid', 'payment_uuid', 'status', sql<string>`amount::text`.as('amount'), 'currency'])
      .where('company_uuid', '=', job.company_uuid)
      .where('crossing', '=', job.crossing)
      .where('try', '=', job.try)
      .executeTakeFirst();
    // a job run again after a crash mid-charge: the same attempt, charged with the same idempotency key
    if (seen) {
      if (seen.status !== 'pending' || !s?.payment_method_id || !seen.payment_uuid) return null;
      return { ...seen, payment_uuid: seen.payment_uuid, amount: toMicro(seen.amount), card: cardOf(s) };
    }
    if (!s?.enabled) {
      if (s) await endEarly(trx, job, 'skipped', 'Auto-recharge is off.', s);
      return null;
    }
    if (!s.payment_method_id) {
      await endEarly(trx, job, 'skipped', 'No saved card.', s);
      return null;
    }
    const monthStart = monthStartOf(new Date());
    const month = (
      await sql<{ sum: string }>`select coalesce(sum(amount), 0)::text as sum from recharge_attempts
        where company_uuid = ${job.company_uuid} and status in ('pending','succeeded') and created_on >= ${monthStart}::date`.execute(
        trx,
      )
    ).rows[0];
    const amount = toMicro(s.amount);
    const cap = toMicro(s.monthly_cap);
    if (toMicro(month.sum) + amount > cap) {
      const words = `The monthly cap of ${s.currency} ${formatMoney(cap)} would be passed (${s.currency} ${formatMoney(toMicro(month.sum))} charged this month).`;
      await endEarly(trx, job, 'capped', words, s);
      return null;
    }
    const payment_uuid = await billing.openCardPayment(trx, job.company_uuid, amount);
    const a = await trx
      .insertInto('recharge_attempts')
      .values({
        company_uuid: job.company_uuid,
        crossing: job.crossing,
        try: job.try,
        amount: amount.toString(),
        currency: s.currency,
        payment_uuid,
      })
      .returning('attempt_uuid')
      .executeTakeFirstOrThrow();
    return {
      attempt_uuid: a.attempt_uuid,
      payment_uuid,
      amount,
      currency: s.currency,
      card: cardOf(s),
    };
  });
}

const cardOf = (s: Row) => ({
  customer_id: s.customer_id,
  payment_method_id: s.payment_method_id as string,
  brand: s.brand ?? 'card',
  last4: s.last4 ?? '????',
});

export async function runAttempt(
  db: Kysely<Database>,
  billing: BillingRepository,
  charger: CardCharger,
  job: RechargeJob,
  maxFailures: number,
): Promise<Outcome> {
  const c = await claim(db, billing, job);
  if (!c) return 'none';
  const result = await charger.charge({
    customer_id: c.card.customer_id,
    payment_method_id: c.card.payment_method_id,
    amount: c.amount,
    currency: c.currency,
    idempotencyKey: `auto-recharge:${c.attempt_uuid}`,
    description: 'SMSC balance auto-recharge',
    metadata: { company_uuid: job.company_uuid, attempt_uuid: c.attempt_uuid, payment_uuid: c.payment_uuid },
  });
  return db.transaction().execute(async (trx) => {
    const done = { finished_on: new Date(), provider_ref: result.ref };
    if (result.ok) {
      await billing.setProviderRef(trx, c.payment_uuid, result.ref);
      await billing.creditCardPayment(trx, c.payment_uuid, { type: 'auto_recharge', id: c.attempt_uuid });
      await trx
        .updateTable('recharge_attempts')
        .set({ ...done, status: 'succeeded' })
        .where('attempt_uuid', '=', c.attempt_uuid)
        .execute();
      await trx
        .updateTable('auto_recharge')
        .set({ failures: 0 })
        .where('company_uuid', '=', job.company_uuid)
        .execute();
      await mailReceipt(trx, job.company_uuid, { ...c, ref: result.ref });
      return 'succeeded';
    }
    await billing.cancelPending(trx, c.payment_uuid);
    await trx
      .updateTable('recharge_attempts')
      .set({ ...done, status: 'failed', message: result.message })
      .where('attempt_uuid', '=', c.attempt_uuid)
      .execute();
    const reason = `Turned off after ${maxFailures} failed charges in a row: ${result.message}`;
    const after = (
      await sql<{ failures: number; enabled: boolean }>`update auto_recharge set failures = failures + 1,
        enabled = enabled and failures + 1 < ${maxFailures},
        disabled_reason = case when failures + 1 >= ${maxFailures} then ${reason} else disabled_reason end
      where company_uuid = ${job.company_uuid} returning failures, enabled`.execute(trx)
    ).rows[0];
    await mailFailure(trx, job.company_uuid, {
      ...c,
      message: result.message,
      failures: after.failures,
      maxFailures,
      disabled: !after.enabled,
    });
    return after.enabled ? 'retry' : 'disabled';
  });
}
