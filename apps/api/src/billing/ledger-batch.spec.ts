import type { Transaction } from 'kysely';
import type { Database } from '../db/schema';
import { balanceOf, ledgerSumOf, post, settle } from './ledger';
import { closeMany, postMany, prepareHolds, releaseMany, reserveMany, settleMany } from './ledger-batch';
import { sql } from 'kysely';
import { parseMoney } from '../lib/money';
import { createTestApp, type TestApp } from '../testing/test-app';

// The batch forms keep every rule of the single ones: no overspend, one entry per charge, settling twice posts once.
describe('ledger holds and charges by the batch', () => {
  let t: TestApp;
  const company = async (name: string) =>
    (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: name, prepay: true })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  const tx = <T>(fn: (trx: Transaction<Database>) => Promise<T>) => t.app.db.transaction().execute(fn);
  beforeAll(async () => {
    t = await createTestApp({ seed: false });
  }, 120_000);
  afterAll(async () => t.close());

  it('holds in order while the balance covers it, settles one entry per message with a running balance, and releases the rest', async () => {
    const company_uuid = await company('Batch Co');
    await tx((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: parseMoney('1.00'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'seed',
      }),
    );
    const price = parseMoney('0.15');
    const holds = await tx((trx) =>
      reserveMany(
        trx,
        { company_uuid },
        Array.from({ length: 8 }, () => price),
      ),
    );
    // 1.00 covers six holds of 0.15; the seventh and eighth are refused with what was left
    expect(holds.map((h) => h.ok)).toEqual([true, true, true, true, true, true, false, false]);
    expect(holds[6]).toEqual({ ok: false, available: parseMoney('0.10') });
    expect((await balanceOf(t.app.db, { company_uuid })).reserved).toBe(6n * price);
    const granted = holds.flatMap((h) => (h.ok ? [h.reservation_uuid] : []));
    const charged = granted
      .slice(0, 4)
      .map((id, i) => ({ reservation_uuid: id, charge: parseMoney('0.12'), cause_type: 'sms', cause_id: `m${i}` }));
    expect(await tx((trx) => settleMany(trx, charged))).toBe(4);
    // again, and one of them through the single form: nothing more is posted
    expect(await tx((trx) => settleMany(trx, charged))).toBe(0);
    expect(
      (
        await tx((trx) =>
          settle(trx, { reservation_uuid: granted[0], charge: parseMoney('0.12'), cause_type: 'sms', cause_id: 'm0' }),
        )
      )?.duplicate,
    ).toBe(true);
    expect(await tx((trx) => releaseMany(trx, granted.slice(4)))).toBe(2);
    expect(await tx((trx) => releaseMany(trx, granted.slice(4)))).toBe(0);
    const b = await balanceOf(t.app.db, { company_uuid });
    expect([b.balance, b.reserved]).toEqual([parseMoney('1.00') - 4n * parseMoney('0.12'), 0n]);
    expect(await ledgerSumOf(t.app.db, b.account_uuid as string)).toBe(b.balance);
    const rows = await t.app.db
      .selectFrom('ledger_entries')
      .select(['amount', 'balance_after', 'cause_id', 'kind'])
      .where('account_uuid', '=', b.account_uuid as string)
      .orderBy('entry_id')
      .execute();
    let running = 0n;
    for (const r of rows) {
      running += BigInt(r.amount);
      expect(BigInt(r.balance_after)).toBe(running);
    }
    expect(rows.filter((r) => r.kind === 'sms_charge').map((r) => r.cause_id)).toEqual(['m0', 'm1', 'm2', 'm3']);
    const settled = await t.app.db
      .selectFrom('ledger_reservations')
      .select(['status', 'settled_entry_id'])
      .where('reservation_uuid', 'in', granted)
      .execute();
    expect(settled.filter((r) => r.status === 'settled' && r.settled_entry_id !== null)).toHaveLength(4);
    expect(settled.filter((r) => r.status === 'released')).toHaveLength(2);
  });

  it('keeps the balance equal to the ledger sum when batches of two accounts settle concurrently', async () => {
    const a = await company('Concurrent A');
    const b = await company('Concurrent B');
    for (const c of [a, b])
      await tx((trx) =>
        post(trx, {
          account: { company_uuid: c },
          amount: parseMoney('100'),
          kind: 'payment',
          cause_type: 'test',
          cause_id: 'seed',
        }),
      );
    const holdsOf = async (c: string) =>
      (
        await tx((trx) =>
          reserveMany(
            trx,
            { company_uuid: c },
            Array.from({ length: 50 }, () => parseMoney('0.01')),
          ),
        )
      ).flatMap((h) => (h.ok ? [h.reservation_uuid] : []));
    const all = [...(await holdsOf(a)), ...(await holdsOf(b))];
    // ten batches, each mixing both accounts, settled at once
    const batches = Array.from({ length: 10 }, (_, k) =>
      all
        .filter((_, i) => i % 10 === k)
        .map((id) => ({ reservation_uuid: id, charge: parseMoney('0.01'), cause_type: 'sms', cause_id: id })),
    );
    const done = await Promise.all(batches.map((items) => tx((trx) => settleMany(trx, items))));
    expect(done.reduce((s, n) => s + n, 0)).toBe(100);
    for (const c of [a, b]) {
      const f = await balanceOf(t.app.db, { company_uuid: c });
      expect([f.balance, f.reserved]).toEqual([parseMoney('99.50'), 0n]);
      expect(await ledgerSumOf(t.app.db, f.account_uuid as string)).toBe(f.balance);
    }
  });
  it('posts many entries to one account once each, with a running balance, skipping keys posted before', async () => {
    const company_uuid = await company('Many Co');
    const key = (n: number) => `many:${company_uuid}:${n}`;
    const item = (n: number, amount: string) => ({
      amount: -parseMoney(amount),
      cause_type: 'sms',
      cause_id: `m${n}`,
      idempotency_key: key(n),
    });
    // one posted before through the single form
    await tx((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: -parseMoney('0.01'),
        kind: 'sms_charge',
        cause_type: 'sms',
        cause_id: 'm1',
        idempotency_key: key(1),
      }),
    );
    const items = [item(1, '0.01'), item(2, '0.02'), item(3, '0'), item(4, '0.04'), item(2, '0.02')];
    expect(await tx((trx) => postMany(trx, { company_uuid }, 'sms_charge', items))).toBe(2);
    expect(await tx((trx) => postMany(trx, { company_uuid }, 'sms_charge', items))).toBe(0);
    const entries = await t.app.db
      .selectFrom('ledger_entries as e')
      .innerJoin('billing_accounts as a', 'a.account_uuid', 'e.account_uuid')
      .select(['e.amount', 'e.balance_after', 'e.idempotency_key'])
      .where('a.company_uuid', '=', company_uuid)
      .orderBy('e.entry_id')
      .execute();
    expect(
      entries.map((e) => [e.idempotency_key, BigInt(e.amount as string), BigInt(e.balance_after as string)]),
    ).toEqual([
      [key(1), -parseMoney('0.01'), -parseMoney('0.01')],
      [key(2), -parseMoney('0.02'), -parseMoney('0.03')],
      [key(4), -parseMoney('0.04'), -parseMoney('0.07')],
    ]);
    const { balance, account_uuid } = await balanceOf(t.app.db, { company_uuid });
    expect(balance).toBe(-parseMoney('0.07'));
    expect(await ledgerSumOf(t.app.db, account_uuid as string)).toBe(balance);
    // a credit cannot be written as a charge
    await expect(tx((trx) => postMany(trx, { company_uuid }, 'sms_charge', [item(5, '-0.05')]))).rejects.toThrow();
  });

  it('holds written before the lock count only when the locked account still covers them, and a savepoint undoes them when not', async () => {
    const company_uuid = await company('Prepared Co');
    await tx((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: parseMoney('1.00'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'p',
      }),
    );
    const price = parseMoney('0.30');
    // nothing is written when the account as last committed cannot cover them all
    expect(await tx((trx) => prepareHolds(trx, { company_uuid }, [price, price, price, price]))).toBeNull();
    // covered: written at once, counted at the confirm
    const held = await tx(async (trx) => {
      const prepared = await prepareHolds(trx, { company_uuid }, [price, price]);
      expect(prepared?.holds.every((h) => h.ok)).toBe(true);
      return prepared?.confirm();
    });
    expect(held).toMatchObject({ balance: parseMoney('1.00'), reserved: 2n * price });
    // another store takes the money between the look and the lock (here: in the same transaction, so that it runs
    // the same on the one connection of the embedded database): the confirm refuses, the savepoint drops the holds
    const outcome = await tx(async (trx) => {
      await sql`savepoint t`.execute(trx);
      const prepared = await prepareHolds(trx, { company_uuid }, [price]);
      expect(prepared).not.toBeNull();
      await reserveMany(trx, { company_uuid }, [parseMoney('0.20')]);
      const confirmed = await prepared?.confirm();
      await sql`rollback to savepoint t`.execute(trx);
      return confirmed;
    });
    expect(outcome).toBeNull();
    const b = await balanceOf(t.app.db, { company_uuid });
    expect(b.reserved).toBe(2n * price);
    const open = await t.app.db
      .selectFrom('ledger_reservations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('account_uuid', '=', b.account_uuid as string)
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow();
    expect(Number(open.n)).toBe(2);
  });

  it('closes settles and releases of one account together: one charge per settle, every hold freed', async () => {
    const company_uuid = await company('Close Co');
    await tx((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: parseMoney('1.00'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'c',
      }),
    );
    const holds = await tx((trx) =>
      reserveMany(trx, { company_uuid }, [parseMoney('0.10'), parseMoney('0.20'), parseMoney('0.30')]),
    );
    const [a, b, c] = holds.map((h) => (h.ok ? h.reservation_uuid : ''));
    const settles = [a, b].map((id, i) => ({
      reservation_uuid: id,
      charge: parseMoney('0.05'),
      cause_type: 'sms',
      cause_id: `s${i}`,
    }));
    expect(await tx((trx) => closeMany(trx, settles, [c]))).toEqual({ settled: 2, released: 1 });
    expect(await tx((trx) => closeMany(trx, settles, [c]))).toEqual({ settled: 0, released: 0 });
    const after = await balanceOf(t.app.db, { company_uuid });
    expect([after.balance, after.reserved]).toEqual([parseMoney('0.90'), 0n]);
    expect(await ledgerSumOf(t.app.db, after.account_uuid as string)).toBe(after.balance);
  });
});
