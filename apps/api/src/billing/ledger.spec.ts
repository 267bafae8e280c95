import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { balanceOf, ledgerSumOf, post, release, reserve, settle, type Reserved } from './ledger';
import { parseMoney } from '../lib/money';
import { createTestApp, type TestApp } from '../testing/test-app';

// Runs on PGlite, and on a real PostgreSQL with DATABASE_URL (where the concurrency is real).
describe('ledger postings and holds', () => {
  let t: TestApp;
  const company = async (name: string, prepay = true) =>
    (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: name, prepay })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  const tx = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => t.app.db.transaction().execute(fn);
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  });
  afterAll(async () => t.close());

  it('keeps the cached balance equal to the ledger sum under 100 concurrent payments and charges', async () => {
    const company_uuid = await company('Concurrent Co');
    const jobs = Array.from({ length: 100 }, (_, i) =>
      tx((trx) =>
        post(
          trx,
          i % 2
            ? {
                account: { company_uuid },
                amount: parseMoney('10.01'),
                kind: 'payment',
                cause_type: 'test',
                cause_id: String(i),
              }
            : {
                account: { company_uuid },
                amount: -parseMoney('0.0035'),
                kind: 'sms_charge',
                cause_type: 'test',
                cause_id: String(i),
              },
        ),
      ),
    );
    await Promise.all(jobs);
    const b = await balanceOf(t.app.db, { company_uuid });
    expect(b.balance).toBe(50n * parseMoney('10.01') - 50n * parseMoney('0.0035'));
    expect(await ledgerSumOf(t.app.db, b.account_uuid as string)).toBe(b.balance);
    // every entry's balance_after is the running sum in posting order
    const rows = await t.app.db
      .selectFrom('ledger_entries')
      .select(['amount', 'balance_after'])
      .where('account_uuid', '=', b.account_uuid as string)
      .orderBy('entry_id')
      .execute();
    let running = 0n;
    for (const r of rows) {
      running += BigInt(r.amount);
      expect(BigInt(r.balance_after)).toBe(running);
    }
    expect(rows).toHaveLength(100);
  });

  it('posts once per idempotency key, also when the twins race', async () => {
    const company_uuid = await company('Idempotent Co');
    const once = () =>
      tx((trx) =>
        post(trx, {
          account: { company_uuid },
          amount: 5_000_000n,
          kind: 'payment',
          cause_type: 'stripe_event',
          cause_id: 'evt_1',
          idempotency_key: 'stripe:evt_1',
        }),
      );
    const results = await Promise.allSettled([once(), once(), once()]);
    const fulfilled = results
      .filter((r) => r.status === 'fulfilled')
      .map((r) => (r as PromiseFulfilledResult<{ duplicate: boolean }>).value);
    // On PostgreSQL a racing twin may also lose on the unique key; either way one entry exists.
    expect(fulfilled.filter((r) => !r.duplicate)).toHaveLength(1);
    expect((await balanceOf(t.app.db, { company_uuid })).balance).toBe(5_000_000n);
  });

  it('never overspends: 100 concurrent holds of 0.35 on 10.00 prepay grant exactly 28', async () => {
    const company_uuid = await company('Prepay Co');
    await tx((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: parseMoney('10'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'seed',
      }),
    );
    const holds = await Promise.all(
      Array.from({ length: 100 }, () =>
        tx((trx) => reserve(trx, { account: { company_uuid }, amount: parseMoney('0.35') })),
      ),
    );
    expect(holds.filter((h) => h.ok)).toHaveLength(28);
    const b = await balanceOf(t.app.db, { company_uuid });
    expect(b.reserved).toBe(28n * parseMoney('0.35'));
    expect(b.available).toBe(parseMoney('0.20'));
    // settle half at a lower final price, release the rest: the balance only moves by what was charged
    const granted = holds.filter((h): h is Extract<Reserved, { ok: true }> => h.ok);
    await Promise.all(
      granted.map((h, i) =>
        tx<unknown>((trx) =>
          i % 2
            ? settle(trx, {
                reservation_uuid: h.reservation_uuid,
                charge: parseMoney('0.30'),
                cause_type: 'sms',
                cause_id: h.reservation_uuid,
              })
            : release(trx, h.reservation_uuid),
        ),
      ),
    );
    // settling again is a no-op that answers the first entry
    const again = await tx((trx) =>
      settle(trx, {
        reservation_uuid: granted[1].reservation_uuid,
        charge: parseMoney('0.30'),
        cause_type: 'sms',
        cause_id: 'x',
      }),
    );
    expect(again?.duplicate).toBe(true);
    const after = await balanceOf(t.app.db, { company_uuid });
    expect(after.reserved).toBe(0n);
    expect(after.balance).toBe(parseMoney('10') - 14n * parseMoney('0.30'));
    expect(await ledgerSumOf(t.app.db, after.account_uuid as string)).toBe(after.balance);
  });

  it('lets a postpay company go below zero only down to its credit limit', async () => {
    const company_uuid = await company('Postpay Co', false);
    await tx((trx) =>
      post(trx, { account: { company_uuid }, amount: 1n, kind: 'adjustment', cause_type: 'test', cause_id: 'open' }),
    );
    await t.app.db
      .updateTable('billing_accounts')
      .set({ credit_limit: parseMoney('5').toString() })
      .where('company_uuid', '=', company_uuid)
      .execute();
    expect((await tx((trx) => reserve(trx, { account: { company_uuid }, amount: parseMoney('5') }))).ok).toBe(true);
    const refused = await tx((trx) => reserve(trx, { account: { company_uuid }, amount: parseMoney('0.01') }));
    expect(refused).toEqual({ ok: false, available: 1n });
  });

  it('refuses a payment with the wrong sign and writes nothing', async () => {
    const company_uuid = await company('Rules Co');
    await expect(
      tx((trx) =>
        post(trx, { account: { company_uuid }, amount: -1n, kind: 'payment', cause_type: 'test', cause_id: 'bad' }),
      ),
    ).rejects.toThrow(/positive/);
    expect((await balanceOf(t.app.db, { company_uuid })).account_uuid).toBeNull();
  });

  it('mails a low-balance alert once per crossing of the threshold', async () => {
    const company_uuid = await company('Alert Co');
    await t.app.db
      .insertInto('users')
      .values({
        email: 'alert-admin@example.com',
        full_name: 'Alert',
        user_type: 'company_admin',
        company_uuid,
        password_hash: 'x',
      })
      .execute();
    const move = (amount: string, kind: 'payment' | 'sms_charge') =>
      tx((trx) =>
        post(trx, {
          account: { company_uuid },
          amount: parseMoney(amount),
          kind,
          cause_type: 'test',
          cause_id: amount,
        }),
      );
    await move('10', 'payment');
    await t.app.db
      .updateTable('billing_accounts')
      .set({ low_balance_threshold: parseMoney('5').toString() })
      .where('company_uuid', '=', company_uuid)
      .execute();
    const mails = async () =>
      await t.app.db
        .selectFrom('outbox')
        .select(['subject', 'body'])
        .where('recipient', '=', 'alert-admin@example.com')
        .execute();
    await move('-5', 'sms_charge'); // 5.00: not below yet
    expect(await mails()).toEqual([]);
    await move('-0.0035', 'sms_charge'); // 4.9965: crosses
    await move('-1', 'sms_charge'); // stays below: no second mail
    expect(await mails()).toEqual([
      {
        subject: 'Low balance for Alert Co',
        body: expect.stringContaining('USD 4.9965, below its alert threshold of USD 5.00'),
      },
    ]);
    await move('20', 'payment');
    await move('-20', 'sms_charge'); // crosses again
    expect(await mails()).toHaveLength(2);
  });

  it("keeps a reseller's own account apart from its companies'", async () => {
    const { reseller_uuid } = await t.app.db
      .insertInto('resellers')
      .values({ reseller_name: 'Ledger Reseller' })
      .returning('reseller_uuid')
      .executeTakeFirstOrThrow();
    await tx((trx) =>
      post(trx, {
        account: { reseller_uuid },
        amount: parseMoney('3'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'r',
      }),
    );
    expect((await balanceOf(t.app.db, { reseller_uuid })).balance).toBe(parseMoney('3'));
  });
});
