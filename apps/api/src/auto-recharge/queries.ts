// What the console shows of a company's auto-recharge: its settings, saved card and last attempts.
import { sql, type Kysely } from 'kysely';
import {
  AUTO_RECHARGE_MAX_FAILURES,
  topUpLimit,
  type AutoRecharge,
  type AutoRechargeAlert,
} from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { formatMoney, parseMoney, toMicro, type BillingRepository } from '../billing';
import { monthStartOf } from './rules';

const money = (v: string | bigint | null) => (v === null ? null : formatMoney(toMicro(v)));
const LAST_ATTEMPTS = 10;

/** The currency a company's card is charged in: its account's (USD before it has one). */
export async function currencyOf(billing: BillingRepository, db: Kysely<Database>, company_uuid: string) {
  return (await billing.currencyOf(db, company_uuid)) ?? 'USD';
}

export async function rechargeView(
  billing: BillingRepository,
  db: Kysely<Database>,
  company_uuid: string,
): Promise<AutoRecharge> {
  const monthStart = monthStartOf(new Date());
  const [r, card, attempts, month, currency] = await Promise.all([
    db
      .selectFrom('auto_recharge')
      .select([
        'enabled',
        sql<string>`threshold::text`.as('threshold'),
        sql<string>`amount::text`.as('amount'),
        sql<string>`monthly_cap::text`.as('monthly_cap'),
        'failures',
        'disabled_reason',
      ])
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst(),
    db.selectFrom('saved_cards').selectAll().where('company_uuid', '=', company_uuid).executeTakeFirst(),
    db
      .selectFrom('recharge_attempts')
      .select([
        'attempt_uuid',
        sql<string>`amount::text`.as('amount'),
        'currency',
        'status',
        'message',
        'payment_uuid',
        'created_on',
      ])
      .where('company_uuid', '=', company_uuid)
      .orderBy('created_on', 'desc')
      .orderBy('try', 'desc')
      .limit(LAST_ATTEMPTS)
      .execute(),
    sql<{ sum: string }>`select coalesce(sum(amount), 0)::text as sum from recharge_attempts
      where company_uuid = ${company_uuid} and status in ('pending','succeeded') and created_on >= ${monthStart}::date`.execute(
      db,
    ),
    currencyOf(billing, db, company_uuid),
  ]);
  const limit = topUpLimit(currency);
  return {
    company_uuid,
    currency,
    enabled: r?.enabled ?? false,
    threshold: money(r?.threshold ?? null),
    amount: money(r?.amount ?? null),
    monthly_cap: money(r?.monthly_cap ?? null),
    charged_this_month: formatMoney(toMicro(month.rows[0].sum)),
    failures: r?.failures ?? 0,
    max_failures: AUTO_RECHARGE_MAX_FAILURES,
    disabled_reason: r?.disabled_reason ?? null,
    card: card
      ? {
          provider: card.provider,
          brand: card.brand,
          last4: card.last4,
          exp_month: card.exp_month,
          exp_year: card.exp_year,
          saved_on: card.saved_on.toISOString(),
        }
      : null,
    amount_min: formatMoney(parseMoney(limit.min)),
    amount_max: formatMoney(parseMoney(limit.max)),
    attempts: attempts.map((a) => ({
      ...a,
      amount: formatMoney(toMicro(a.amount)),
      created_on: a.created_on.toISOString(),
    })),
  };
}

/** The console's banner: a company whose last charges failed (or that turned itself off for it). */
export async function rechargeAlert(db: Kysely<Database>, company_uuid: string): Promise<AutoRechargeAlert | null> {
  const r = await db
    .selectFrom('auto_recharge')
    .select(['failures', 'enabled', 'disabled_reason'])
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  if (!r || r.failures === 0) return null;
  return { failures: r.failures, disabled: !r.enabled, message: r.disabled_reason };
}
