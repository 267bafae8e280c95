// Billing's repository: what other domains read and write of billing's tables (billing_accounts, ledger_*,
// payments, invoices), so that no file outside billing names them (tools/eslint/api-table-owners.mjs).
// The billing plugin decorates the API context with it as `app.billing`. Each call takes the executor it
// runs on (`app.db` or the caller's transaction). Where another domain's statement reads an account beside
// its own tables, billing hands it a fragment (`accountOf`, `spentColumns`) instead of a second round trip:
// the statement, and its plan, stay what they were.
import { sql, type Expression, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';
import { cancelPayment, creditCardPayment, openPayment, setProviderRef } from './payments';

type Db = Kysely<Database>;

/**
 * A company's account as a relation of at most one row, to join where another domain's statement reads
 * it: `left join ${accountOf(sql.val(id))} a on true`. PostgreSQL pulls the sub-select up into the join.
 */
export const accountOf = (company: Expression<string>): RawBuilder<unknown> =>
  sql`(select * from billing_accounts where company_uuid = ${company})`;

/**
 * A company's spend today and this month as text columns `today` and `month` (0 past their day or month),
 * from the spend record its stores keep on the account row; `day` and `monthStart` are ISO dates.
 */
export const spentColumns = (company: Expression<string>, day: string, monthStart: string): RawBuilder<unknown> =>
  sql`coalesce((select case when s.spend_day >= ${day}::date then s.spent_day else 0 end
      from billing_accounts s where s.company_uuid = ${company}), 0)::text as today,
    coalesce((select case when s.spend_day >= ${monthStart}::date then s.spent_month else 0 end
      from billing_accounts s where s.company_uuid = ${company}), 0)::text as month`;

export interface MessageMoney {
  /** the hold a message's price took at hand-over, if it still has one */
  hold?: { amount: string; status: 'held' | 'settled' | 'released'; created_on: Date; closed_on: Date | null };
  /** the ledger entries the message caused, oldest first */
  entries: { kind: string; amount: string; created_on: Date; memo: string | null }[];
}

/** What a company's messages spent today and this month in a time zone, and the zone (micro-units). */
export interface MessageSpend {
  today: bigint;
  month: bigint;
  time_zone: string;
}

/**
 * A company's message spend today and this month, the day and month being its own time zone's: from its
 * ledger, what its messages were charged less what was refunded, plus what they hold now (a message held at
 * hand-over is charged when it settles). The figures the guards' limits are checked against are the spend
 * record the stores keep (spentColumns: UTC days, holds at store, no refunds); these are what was spent.
 */
export async function messageSpend(
  db: Db,
  company_uuid: string,
  time_zone: string,
  now = new Date(),
): Promise<MessageSpend> {
  const at = sql`${now.toISOString()}::timestamptz at time zone ${time_zone}`;
  const r = (
    await sql<{ today: string; month: string }>`with p as (
        select date_trunc('day', ${at}) at time zone ${time_zone} as day_start,
          date_trunc('month', ${at}) at time zone ${time_zone} as month_start),
      a as (select account_uuid from billing_accounts where company_uuid = ${company_uuid}),
      moves as (
        select -e.amount as amount, e.created_on from ledger_entries e
          where e.account_uuid in (select account_uuid from a) and e.kind in ('sms_charge', 'refund')
            and e.created_on >= (select month_start from p) and e.created_on <= ${now.toISOString()}::timestamptz
        union all
        select r.amount, r.created_on from ledger_reservations r
          where r.account_uuid in (select account_uuid from a) and r.status = 'held'
            and r.created_on >= (select month_start from p))
      select coalesce(sum(amount) filter (where created_on >= (select day_start from p)), 0)::text as today,
        coalesce(sum(amount), 0)::text as month from moves`.execute(db)
  ).rows[0];
  return { today: BigInt(r.today), month: BigInt(r.month), time_zone };
}

export interface BillingRepository {
  accountOf: typeof accountOf;
  spentColumns: typeof spentColumns;
  messageSpend: typeof messageSpend;
  /** the company account's currency (undefined: no account yet) */
  currencyOf(db: Db, company_uuid: string): Promise<string | undefined>;
  /** a company's balance less its holds and its low-balance threshold (micro-units as text) */
  lowBalanceOf(
    db: Db,
    company_uuid: string,
  ): Promise<{ left: string; low: string | null; currency: string } | undefined>;
  /** sets a company's credit limit, creating its account (the seeds) */
  setCreditLimit(db: Db, company_uuid: string, credit_limit: bigint): Promise<void>;
  /** whether money was ever put on the company's account (a top-up, a credit): the getting-started checklist */
  hasBeenCredited(db: Db, company_uuid: string): Promise<boolean>;
  /** a pending card payment for a company (the auto-recharge's charge), credited later by creditCardPayment */
  openCardPayment(db: Db, company_uuid: string, amount: bigint): Promise<string>;
  /** the provider's reference of a payment's charge */
  setProviderRef(db: Db, payment_uuid: string, provider_ref: string): Promise<void>;
  /** cancels a payment still pending (a charge the provider refused) */
  cancelPending(db: Db, payment_uuid: string): Promise<void>;
  /** marks a pending card payment paid and credits its account; false when it was not pending */
  creditCardPayment: typeof creditCardPayment;
  /** a message's hold and ledger entries (its timeline) */
  messageMoney(db: Db, sms_uuid: string, reservation_uuid: string | null): Promise<MessageMoney>;
}

export const billingRepository: BillingRepository = {
  accountOf,
  spentColumns,
  messageSpend,

  async currencyOf(db, company_uuid) {
    const a = await db
      .selectFrom('billing_accounts')
      .select('currency')
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
    return a?.currency;
  },

  async lowBalanceOf(db, company_uuid) {
    return db
      .selectFrom('billing_accounts')
      .select([
        sql<string>`(balance - reserved)::text`.as('left'),
        sql<string | null>`low_balance_threshold::text`.as('low'),
        'currency',
      ])
      .where('company_uuid', '=', company_uuid)
      .executeTakeFirst();
  },

  async hasBeenCredited(db, company_uuid) {
    const row = await db
      .selectFrom('ledger_entries as e')
      .innerJoin('billing_accounts as a', 'a.account_uuid', 'e.account_uuid')
      .select('e.entry_id')
      .where('a.company_uuid', '=', company_uuid)
      .where('e.amount', '>', '0')
      .limit(1)
      .executeTakeFirst();
    return !!row;
  },

  async setCreditLimit(db, company_uuid, credit_limit) {
    await db
      .insertInto('billing_accounts')
      .values({ company_uuid, credit_limit: credit_limit.toString() })
      .onConflict((oc) => oc.column('company_uuid').doUpdateSet({ credit_limit: credit_limit.toString() }))
      .execute();
  },

  async openCardPayment(db, company_uuid, amount) {
    const p = await openPayment(db, { company_uuid, reseller_uuid: null, method: 'card', amount: amount.toString() });
    return p.payment_uuid;
  },
  setProviderRef,
  cancelPending: (db, payment_uuid) => cancelPayment(db, payment_uuid),
  creditCardPayment,

  async messageMoney(db, sms_uuid, reservation_uuid) {
    const [hold, entries] = await Promise.all([
      reservation_uuid
        ? db
            .selectFrom('ledger_reservations')
            .select([sql<string>`amount::text`.as('amount'), 'status', 'created_on', 'closed_on'])
            .where('reservation_uuid', '=', reservation_uuid)
            .executeTakeFirst()
        : undefined,
      db
        .selectFrom('ledger_entries')
        .select(['kind', sql<string>`amount::text`.as('amount'), 'created_on', 'memo'])
        .where('cause_type', '=', 'sms')
        .where('cause_id', '=', sms_uuid)
        .orderBy('entry_id')
        .execute(),
    ]);
    return { hold, entries };
  },
};
