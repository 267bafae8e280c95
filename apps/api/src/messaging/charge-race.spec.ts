import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf, ledgerSumOf, post } from '../billing';
import { messagingOf } from '.';
import type { SmscSimulator } from './gateway/simulator';

describe('concurrent sends never overspend', () => {
  let t: TestApp;
  let acme: Record<string, string>;
  let acmeCo: string;
  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'race', simAutoDeliver: false, simFailureRate: 0 } });
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  it('50 parallel sends against a balance for 10: exactly 10 are sent, 40 refused no_money, and delivery charges exactly the balance', async () => {
    // Acme's product prices +1 at 0.012 per part: 0.12 pays for ten messages
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 120_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'race',
      }),
    );
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: api('/sms'),
          headers: acme,
          payload: { ani: '+12125552301', dnis: `+1415555${String(1000 + i)}`, text: `race ${i}` },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 201)).toHaveLength(10);
    expect(codes.filter((c) => c === 402)).toHaveLength(40);
    expect(results.find((r) => r.statusCode === 402)?.json().detail).toMatch(/no_money/);
    const held = await balanceOf(t.app.db, { company_uuid: acmeCo });
    expect(held).toMatchObject({ balance: 120_000n, reserved: 120_000n, available: 0n });
    const stored = await t.app.db
      .selectFrom('sms')
      .select(['status', sql<number>`count(*)::int`.as('n')])
      .where('company_uuid', '=', acmeCo)
      .groupBy('status')
      .orderBy('status')
      .execute();
    expect(stored).toEqual([
      { status: 'blocked', n: 40 },
      { status: 'sent', n: 10 },
    ]);

    await (messagingOf(t.app).gateway as SmscSimulator).drain();
    const after = await balanceOf(t.app.db, { company_uuid: acmeCo });
    expect(after).toMatchObject({ balance: 0n, reserved: 0n, available: 0n });
    expect(await ledgerSumOf(t.app.db, after.account_uuid as string)).toBe(0n);
    const charges = await t.app.db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('kind', '=', 'sms_charge')
      .executeTakeFirstOrThrow();
    expect(charges.n).toBe(10);
  }, 60_000);

  it('a failed delivery refunds: the hold is released and nothing is charged', async () => {
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 12_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'refund',
      }),
    );
    const sent = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: '+14155552000', text: 'will fail' },
    });
    expect(sent.statusCode).toBe(201);
    expect((await balanceOf(t.app.db, { company_uuid: acmeCo })).available).toBe(0n);
    const { messaging } = messagingOf(t.app);
    // a single move is a batch of one through the pipeline's apply
    const move = async (sms_uuid: string, message: string) => {
      const [{ moved, status }] = await messaging.pipeline.apply([{ sms_uuid, to: 'failed', message }]);
      return { moved, status };
    };
    expect(await move(sent.json().sms.sms_uuid, 'SMSC rejected')).toEqual({
      moved: true,
      status: 'failed',
    });
    expect(await move(sent.json().sms.sms_uuid, 'again')).toEqual({
      moved: false,
      status: 'failed',
    });
    expect(await balanceOf(t.app.db, { company_uuid: acmeCo })).toMatchObject({
      balance: 12_000n,
      reserved: 0n,
      available: 12_000n,
    });
  });
  it('a burst stored as one batch: twins of one Idempotency-Key send once, and a key refused for money stays free for the retry', async () => {
    const free = (await balanceOf(t.app.db, { company_uuid: acmeCo })).available;
    // 0.036 pays for three messages: six different sends and six twins of one key arrive together
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 36_000n - free,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'burst',
      }),
    );
    const send = (dnis: string, key?: string) =>
      t.app.inject({
        method: 'POST',
        url: api('/sms'),
        headers: key ? { ...acme, 'idempotency-key': key } : acme,
        payload: { ani: '+12125552301', dnis, text: 'burst' },
      });
    const twins = await Promise.all(Array.from({ length: 6 }, () => send('+14155553000', 'burst-twin')));
    const others = await Promise.all(Array.from({ length: 6 }, (_, i) => send(`+1415555310${i}`, `burst-${i}`)));
    expect(twins.map((r) => r.statusCode)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(new Set(twins.map((r) => r.json().sms.sms_uuid)).size).toBe(1);
    expect(
      await t.app.db.selectFrom('sms').select('sms_uuid').where('dnis', '=', '+14155553000').execute(),
    ).toHaveLength(1);
    // the twin took one message's money: two of the six others are sent, four refused
    expect(others.filter((r) => r.statusCode === 201)).toHaveLength(2);
    const refused = others.filter((r) => r.statusCode === 402);
    expect(refused).toHaveLength(4);
    // after a top-up, a refused request retried with its key sends (it was never claimed)
    const index = others.indexOf(refused[0]);
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 12_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'top-up',
      }),
    );
    const retried = await send(`+1415555310${index}`, `burst-${index}`);
    expect(retried.statusCode).toBe(201);
    expect(retried.headers['idempotent-replayed']).toBeUndefined();
    expect((await balanceOf(t.app.db, { company_uuid: acmeCo })).available).toBe(0n);
  }, 60_000);
});
