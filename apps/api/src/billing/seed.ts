// Demo billing for `npm start`: payments, usage over the last two months and an invoice per month,
// so the billing screens have something to show. Written through the ledger (post) like real money.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { post, type AccountRef } from './ledger';
import { parseMoney } from '../lib/money';
import { dayText } from './invoice-core';
import { issueInvoice } from './invoices';
import { accountsRepository } from '../accounts';

const DAY_MS = 86_400_000;

interface DemoAccount {
  ref: AccountRef;
  paid: string[];
  usage: [memo: string, price: string, count: number][];
  didFee?: string;
  invoiced?: number[];
}

async function postAt(
  db: Kysely<Database>,
  ref: AccountRef,
  when: Date,
  input: { amount: bigint; kind: 'payment' | 'sms_charge' | 'did_fee'; cause: string; memo: string },
) {
  await db.transaction().execute(async (trx) => {
    let payment_uuid: string | null = null;
    if (input.kind === 'payment') {
      payment_uuid = (
        await trx
          .insertInto('payments')
          .values({
            company_uuid: 'company_uuid' in ref ? ref.company_uuid : null,
            reseller_uuid: 'reseller_uuid' in ref ? ref.reseller_uuid : null,
            method: 'manual',
            amount: input.amount.toString(),
            status: 'paid',
            paid_on: when,
            created_on: when,
          } as never)
          .returning('payment_uuid')
          .executeTakeFirstOrThrow()
      ).payment_uuid;
    }
    const e = await post(trx, {
      account: ref,
      amount: input.amount,
      kind: input.kind,
      cause_type: payment_uuid ? 'payment' : input.cause,
      cause_id: payment_uuid ?? `demo-${input.cause}-${when.getTime()}`,
      idempotency_key: payment_uuid ? `payment:${payment_uuid}` : undefined,
      memo: input.memo,
    });
    // demo history is back-dated: the ledger itself stamps now()
    await sql`update ledger_entries set created_on = ${when} where entry_id = ${e.entry_id}`.execute(trx);
    if (payment_uuid)
      await trx
        .updateTable('payments')
        .set({ entry_id: e.entry_id })
        .where('payment_uuid', '=', payment_uuid)
        .execute();
  });
}

/** Seeds once: skipped when any invoice or payment exists. */
export async function seedDemoBilling(db: Kysely<Database>): Promise<void> {
  if (await db.selectFrom('payments').select('payment_uuid').limit(1).executeTakeFirst()) return;
  const companies = await accountsRepository.companiesByName(db, ['Acme', 'Globex']);
  const reseller_uuid = await accountsRepository.resellerNamed(db, 'Demo Reseller');
  const acme = companies.find((c) => c.company_name === 'Acme');
  const globex = companies.find((c) => c.company_name === 'Globex');
  if (!acme || !globex || !reseller_uuid) return;
  const now = new Date();
  const monthStart = (back: number) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - back, 1));
  // Globex pays less than its usage on a credit line (its invoice goes overdue) and last month is left
  // for the system admin to invoice; Acme (billed by its reseller) and the reseller pay ahead.
  const accounts: [DemoAccount, string | null, number][] = [
    [
      {
        ref: { company_uuid: globex.company_uuid },
        paid: ['1.00'],
        usage: [
          ['SMS to United States', '0.0075', 20],
          ['SMS to Canada', '0.012', 6],
        ],
        didFee: '1.50',
        invoiced: [2],
      },
      null,
      10,
    ],
    [
      {
        ref: { company_uuid: acme.company_uuid },
        paid: ['500.00'],
        usage: [
          ['SMS to United States', '0.0065', 30],
          ['SMS to United Kingdom', '0.035', 4],
        ],
        didFee: '2.00',
      },
      acme.reseller_uuid,
      30,
    ],
    [
      {
        ref: { reseller_uuid },
        paid: ['1000.00'],
        usage: [['SMS to United States', '0.005', 10]],
      },
      null,
      30,
    ],
  ];
  // the demo traffic seed may have opened Globex's account already
  await db
    .insertInto('billing_accounts')
    .values({ company_uuid: globex.company_uuid, credit_limit: parseMoney('50').toString() })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet({ credit_limit: parseMoney('50').toString() }))
    .execute();
  for (const [account, issuer, termDays] of accounts) {
    type Event = {
      when: Date;
      amount: bigint;
      kind: 'payment' | 'sms_charge' | 'did_fee';
      cause: string;
      memo: string;
    };
    const events: Event[] = account.paid.map((amount, i) => ({
      when: new Date(monthStart(2).getTime() + (i * 20 + 2) * DAY_MS),
      amount: parseMoney(amount),
      kind: 'payment',
      cause: 'payment',
      memo: 'Manual payment',
    }));
    for (const back of [2, 1]) {
      const base = monthStart(back).getTime();
      if (account.didFee)
        events.push({
          when: new Date(base + DAY_MS / 2),
          amount: -parseMoney(account.didFee),
          kind: 'did_fee',
          cause: 'did',
          memo: 'DID monthly fees',
        });
      for (const [memo, price, count] of account.usage) {
        // one entry per message over the month's first 25 days, as the pipeline posts them
        for (let n = 0; n < count; n++)
          events.push({
            when: new Date(base + ((n % 25) + 1) * DAY_MS + n * 60_000),
            amount: -parseMoney(price),
            kind: 'sms_charge',
            cause: 'sms',
            memo,
          });
      }
    }
    // in time order, so each entry's balance_after reads as a running balance
    for (const e of events.sort((x, y) => x.when.getTime() - y.when.getTime()))
      await postAt(db, account.ref, e.when, e);
    for (const back of account.invoiced ?? [2, 1]) {
      const start = monthStart(back);
      const end = new Date(monthStart(back - 1).getTime() - DAY_MS);
      const issued = dayText(new Date(end.getTime() + DAY_MS));
      await db.transaction().execute((trx) =>
        issueInvoice(trx, {
          ref: account.ref,
          company_uuid: 'company_uuid' in account.ref ? account.ref.company_uuid : null,
          reseller_uuid: 'reseller_uuid' in account.ref ? account.ref.reseller_uuid : null,
          issuer_reseller_uuid: issuer,
          term_days: termDays,
          period_start: dayText(start),
          period_end: dayText(end),
          day: issued,
          created_by: null,
        }),
      );
    }
  }
}
