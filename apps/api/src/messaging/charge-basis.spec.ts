import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { balanceOf, post } from '../billing';
import { messagingOf } from '.';
import type { SmscSimulator } from './gateway/simulator';
import { GatewayRefused } from '../lib/sms-gateway';

// Issue 49 item 3: each price says when it is charged. On delivery (the default) only a delivered receipt
// charges; on submit the carrier's acceptance does, whatever the receipt says; a refusal before any carrier
// took the message never charges on either basis. The quote and the ledger entry say which.
describe('charge basis per price', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  let acme: Record<string, string>;
  let acmeCo = '';
  let rateUuid = '';
  let n = 0;

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'basis', simAutoDeliver: false, simFailureRate: 0 } });
    admin = bearer(await login(t.app, 'admin@example.com'));
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
    const row = await t.app.db
      .selectFrom('companies as c')
      .innerJoin('products as p', 'p.product_uuid', 'c.product_uuid')
      .innerJoin('rates as r', 'r.rate_table_uuid', 'p.rate_table_uuid')
      .select(['c.company_uuid', 'r.rate_uuid'])
      .where('c.company_name', '=', 'Acme')
      .where('r.code', '=', '1')
      .executeTakeFirstOrThrow();
    acmeCo = row.company_uuid;
    rateUuid = row.rate_uuid;
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acmeCo },
        amount: 10_000_000n,
        kind: 'adjustment',
        cause_type: 'test',
        cause_id: 'basis',
      }),
    );
  }, 120_000);
  afterAll(async () => t.close());

  const sim = () => messagingOf(t.app).gateway as SmscSimulator;
  const setBasis = async (charge_basis: 'delivery' | 'submit') => {
    const r = await t.app.inject({
      method: 'PATCH',
      url: api(`/rate/${rateUuid}`),
      headers: admin,
      payload: { charge_basis },
    });
    expect(r.statusCode).toBe(200);
    expect(r.json().charge_basis).toBe(charge_basis);
  };
  const send = async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: api('/sms'),
      headers: acme,
      payload: { ani: '+12125552301', dnis: `+1415555${3000 + n++}`, text: 'basis' },
    });
    expect(r.statusCode).toBe(201);
    return r.json().sms.sms_uuid as string;
  };
  /** the message's status once the hand-over is recorded, and its ledger charge (memo and amount), if any */
  const state = async (sms_uuid: string) => {
    const sms = await t.app.db
      .selectFrom('sms')
      .select(['status', 'charge_basis', sql<string>`price::text`.as('price')])
      .where('sms_uuid', '=', sms_uuid)
      .executeTakeFirstOrThrow();
    const charge = await t.app.db
      .selectFrom('ledger_entries')
      .select(['memo', sql<string>`amount::text`.as('amount')])
      .where('kind', '=', 'sms_charge')
      .where('cause_id', '=', sms_uuid)
      .executeTakeFirst();
    return { ...sms, charge: charge ?? null };
  };
  const until = async <T>(read: () => Promise<T>, ok: (v: T) => boolean) => {
    for (let i = 0; i < 100; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    return read();
  };

  it('the quote says the basis of the price it quotes', async () => {
    const quote = async () =>
      (
        await t.app.inject({
          method: 'POST',
          url: api('/sms/quote'),
          headers: acme,
          payload: { text: 'hi', dnis: '+14155553999' },
        })
      ).json();
    expect(await quote()).toMatchObject({ unit_price: expect.any(String), charge_basis: 'delivery' });
    await setBasis('submit');
    expect(await quote()).toMatchObject({ charge_basis: 'submit' });
    await setBasis('delivery');
  });

  it('on delivery: sent is not charged, undelivered releases the hold, delivered charges', async () => {
    const lost = await send();
    const sent = await until(
      () => state(lost),
      (s) => s.status === 'sent',
    );
    expect(sent).toMatchObject({ status: 'sent', charge_basis: 'delivery', charge: null });
    await messagingOf(t.app).messaging.pipeline.apply([
      { sms_uuid: lost, to: 'undelivered', message: 'Not delivered' },
    ]);
    expect((await state(lost)).charge).toBeNull();

    const ok = await send();
    await until(
      () => state(ok),
      (s) => s.status === 'sent',
    );
    await messagingOf(t.app).messaging.pipeline.apply([{ sms_uuid: ok, to: 'delivered' }]);
    const s = await state(ok);
    expect(s.charge).toEqual({ memo: 'SMS delivered', amount: `-${s.price}` });
  });

  it('on submit: the carrier accepting it charges at once, and an undelivered receipt refunds nothing', async () => {
    await setBasis('submit');
    const before = await balanceOf(t.app.db, { company_uuid: acmeCo });
    const id = await send();
    const sent = await until(
      () => state(id),
      (s) => s.charge !== null,
    );
    expect(sent).toMatchObject({ status: 'sent', charge_basis: 'submit' });
    expect(sent.charge).toEqual({ memo: 'SMS accepted by the carrier', amount: `-${sent.price}` });
    await messagingOf(t.app).messaging.pipeline.apply([{ sms_uuid: id, to: 'undelivered', message: 'Not delivered' }]);
    const after = await balanceOf(t.app.db, { company_uuid: acmeCo });
    expect(after.reserved).toBe(before.reserved);
    expect(after.balance).toBe(before.balance - BigInt(sent.price));
    // one charge, however many reports follow
    await messagingOf(t.app).messaging.pipeline.apply([{ sms_uuid: id, to: 'failed', message: 'late' }]);
    const entries = await t.app.db
      .selectFrom('ledger_entries')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('cause_id', '=', id)
      .where('kind', '=', 'sms_charge')
      .executeTakeFirstOrThrow();
    expect(entries.n).toBe(1);
  });

  it('on submit: a message the gateway refuses (before any carrier) is never charged', async () => {
    await setBasis('submit');
    // the gateway refuses the hand-over itself (a bind down, a throttle): no carrier ever had the message
    const refuse = jest.spyOn(sim(), 'submit').mockRejectedValueOnce(new GatewayRefused('no bind to the carrier'));
    try {
      const id = await send();
      const s = await until(
        () => state(id),
        (x) => x.status === 'failed',
      );
      expect(s).toMatchObject({ status: 'failed', charge_basis: 'submit', charge: null });
      expect(refuse).toHaveBeenCalled();
    } finally {
      refuse.mockRestore();
    }
    const held = await balanceOf(t.app.db, { company_uuid: acmeCo });
    const open = await t.app.db
      .selectFrom('ledger_reservations')
      .select(sql<number>`count(*)::int`.as('n'))
      .where('account_uuid', '=', held.account_uuid as string)
      .where('status', '=', 'held')
      .executeTakeFirstOrThrow();
    expect(open.n).toBe(0);
  });

  it('a new version of the key keeps its basis unless it names one', async () => {
    await setBasis('submit');
    const rate = await t.app.db
      .selectFrom('rates')
      .select(['rate_table_uuid'])
      .where('rate_uuid', '=', rateUuid)
      .executeTakeFirstOrThrow();
    const later = new Date(Date.now() + 86_400_000).toISOString();
    const kept = await t.app.inject({
      method: 'POST',
      url: api('/rate'),
      headers: admin,
      payload: { rate_table_uuid: rate.rate_table_uuid, code: '1', price: '0.02', effective_from: later },
    });
    expect(kept.statusCode).toBe(201);
    expect(kept.json().charge_basis).toBe('submit');
    const named = await t.app.inject({
      method: 'POST',
      url: api('/rate'),
      headers: admin,
      payload: {
        rate_table_uuid: rate.rate_table_uuid,
        code: '1',
        price: '0.03',
        effective_from: later,
        charge_basis: 'delivery',
      },
    });
    expect(named.json().charge_basis).toBe('delivery');
    // a code the table never had starts on delivery
    const fresh = await t.app.inject({
      method: 'POST',
      url: api('/rate'),
      headers: admin,
      payload: { rate_table_uuid: rate.rate_table_uuid, code: '9999', price: '0.05' },
    });
    expect(fresh.json().charge_basis).toBe('delivery');
  });
});
