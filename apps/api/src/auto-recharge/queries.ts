// What the console shows of a company's auto-recharge (its settings, saved card and last attempts), and the
// statements its routes write with. Each takes the executor first, so a call joins a transaction.
import { sql, type Insertable, type Kysely } from 'kysely';
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

/** The company's settings row with its amounts as text (for the audit log), or null before it has one. */
export async function rechargeSettings(db: Kysely<Database>, company_uuid: string) {
  const r = await db
    .selectFrom('auto_recharge')
    .selectAll()
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return r
    ? { ...r, threshold: String(r.threshold), amount: String(r.amount), monthly_cap: String(r.monthly_cap) }
    : null;
}

/** Sets the company's settings (its row made on the first change). */
export const writeRechargeSettings = (
  db: Kysely<Database>,
  company_uuid: string,
  values: Omit<Insertable<Database['auto_recharge']>, 'company_uuid'>,
) =>
  db
    .insertInto('auto_recharge')
    .values({ company_uuid, ...values })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet(values))
    .execute();

export async function hasSavedCard(db: Kysely<Database>, company_uuid: string): Promise<boolean> {
  const card = await db
    .selectFrom('saved_cards')
    .select('company_uuid')
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return !!card;
}

/** The provider's customer of the company's saved card, if it has one. */
export async function savedCustomerId(db: Kysely<Database>, company_uuid: string) {
  const saved = await db
    .selectFrom('saved_cards')
    .select('customer_id')
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();
  return saved?.customer_id;
}

/** Answers the new setup's id. */
export async function insertCardSetup(db: Kysely<Database>, values: Insertable<Database['card_setups']>) {
  const setup = await db.insertInto('card_setups').values(values).returning('setup_uuid').executeTakeFirstOrThrow();
  return setup.setup_uuid;
}

export const setSetupProviderRef = (db: Kysely<Database>, setup_uuid: string, provider_ref: string) =>
  db.updateTable('card_setups').set({ provider_ref }).where('setup_uuid', '=', setup_uuid).execute();

/** Deletes the company's saved card; answers what the provider and the audit need of it (undefined: none). */
export const deleteSavedCard = (db: Kysely<Database>, company_uuid: string) =>
  db
    .deleteFrom('saved_cards')
    .where('company_uuid', '=', company_uuid)
    .returning(['provider', 'payment_method_id', 'brand', 'last4'])
    .executeTakeFirst();

/** Turns an enabled auto-recharge off, its card gone; answers whether it was on. */
export async function disableForRemovedCard(db: Kysely<Database>, company_uuid: string): Promise<boolean> {
  const off = await db
    .updateTable('auto_recharge')
    .set({ enabled: false, disabled_reason: 'The saved card was removed.', updated_on: new Date() })
    .where('company_uuid', '=', company_uuid)
    .where('enabled', '=', true)
    .returning('company_uuid')
    .executeTakeFirst();
  return !!off;
}

/** A card setup as stored (its secret's hash, status and expiry are checked by the card pages). */
export const cardSetupById = (db: Kysely<Database>, setup_uuid: string) =>
  db.selectFrom('card_setups').selectAll().where('setup_uuid', '=', setup_uuid).executeTakeFirst();

export async function cancelCardSetup(db: Kysely<Database>, setup_uuid: string): Promise<void> {
  await db.updateTable('card_setups').set({ status: 'cancelled' }).where('setup_uuid', '=', setup_uuid).execute();
}

/** Marks a pending setup saved; false when it was no longer pending (another request saved or ended it). */
export async function takePendingSetup(db: Kysely<Database>, setup_uuid: string): Promise<boolean> {
  const taken = await db
    .updateTable('card_setups')
    .set({ status: 'saved' })
    .where('setup_uuid', '=', setup_uuid)
    .where('status', '=', 'pending')
    .returning('setup_uuid')
    .executeTakeFirst();
  return !!taken;
}

/** Keeps the company's saved card (replacing the one it had). */
export async function writeSavedCard(
  db: Kysely<Database>,
  company_uuid: string,
  values: Omit<Insertable<Database['saved_cards']>, 'company_uuid'>,
): Promise<void> {
  await db
    .insertInto('saved_cards')
    .values({ company_uuid, ...values })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet(values))
    .execute();
}
