import { api, createTestApp, type TestApp } from '../testing/test-app';
import { jobsOf } from '../jobs';
import { billingOf } from '../billing';
import { autoRechargeOf, RechargeService, type ChargeInput } from '.';
import { OfflineCharger } from './charger';
import { companyId, leftOf, saveTestCard, setLeft, signIn, until, type Headers } from './recharge-testing';

const ACME_ANI = '+12125552301';
const THRESHOLD = 10_000_000n;
const ON = { enabled: true, threshold: '10.00', amount: '20.00', monthly_cap: '50.00' };

describe('auto-recharge: one charge per crossing, the monthly cap, failures', () => {
  let t: TestApp;
  let acme: Headers;
  let acmeCo: string;
  let service: RechargeService;
  const charges: ChargeInput[] = [];
  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: acme, payload });
  const attempts = () =>
    t.app.db
      .selectFrom('recharge_attempts')
      .select(['crossing', 'try', 'status', 'message', 'payment_uuid'])
      .where('company_uuid', '=', acmeCo)
      .orderBy('created_on')
      .orderBy('try')
      .execute();
  const mails = (subject: string) =>
    t.app.db
      .selectFrom('outbox')
      .select(['recipient', 'subject', 'body'])
      .where('subject', 'like', `%${subject}%`)
      .execute();

  beforeAll(async () => {
    t = await createTestApp({ messaging: { gatewaySecret: 'recharge', simAutoDeliver: false, simFailureRate: 0 } });
    [acme] = await signIn(t.app, ['acme-admin']);
    acmeCo = await companyId(t.app, 'Acme');
    service = autoRechargeOf(t.app);
    service.retryDelaySeconds = 0;
    // the offline charger, counted
    const real = new OfflineCharger();
    service.charger = {
      provider: 'test',
      charge: (input) => {
        charges.push(input);
        return real.charge(input);
      },
    };
    await saveTestCard(t.app, acme, acmeCo, '4242424242424242');
    await setLeft(t.app, acmeCo, THRESHOLD + 1_000n, 'start');
    expect((await call('PUT', `/company/${acmeCo}/auto-recharge`, ON)).statusCode).toBe(200);
  }, 120_000);
  afterAll(async () => t.close());

  it('a send that takes the balance below the threshold charges the card once: payment, ledger, receipt', async () => {
    const sent = await call('POST', '/sms', { ani: ACME_ANI, dnis: '+14155550100', text: 'crossing' });
    expect(sent.statusCode).toBeLessThan(300);
    const done = await until(attempts, (a) => a.length === 1 && a[0].status === 'succeeded');
    expect(done).toMatchObject([{ crossing: 1, try: 1, status: 'succeeded' }]);
    // more sends below the threshold, after the recharge lifted it: no second charge
    await call('POST', '/sms', { ani: ACME_ANI, dnis: '+14155550101', text: 'after' });
    await service.settled();
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ amount: 20_000_000n, currency: 'USD' });
    expect(charges[0].idempotencyKey).toMatch(/^auto-recharge:/);
    const payment = await t.app.db
      .selectFrom('payments')
      .selectAll()
      .where('payment_uuid', '=', done[0].payment_uuid as string)
      .executeTakeFirstOrThrow();
    expect(payment).toMatchObject({ method: 'card', status: 'paid', company_uuid: acmeCo });
    expect(BigInt(payment.amount)).toBe(20_000_000n);
    const entry = await t.app.db
      .selectFrom('ledger_entries')
      .select(['kind', 'amount', 'cause_type', 'idempotency_key'])
      .where('idempotency_key', '=', `payment:${payment.payment_uuid}`)
      .executeTakeFirstOrThrow();
    expect(entry).toMatchObject({ kind: 'payment', cause_type: 'auto_recharge' });
    expect(BigInt(entry.amount)).toBe(20_000_000n);
    expect(await leftOf(t.app, acmeCo)).toBeGreaterThan(THRESHOLD);
    const receipt = await mails('Receipt: auto-recharge');
    expect(receipt).toEqual([
      expect.objectContaining({ recipient: 'acme-admin@example.com', subject: 'Receipt: auto-recharge of USD 20.00' }),
    ]);
    expect(receipt[0].body).toContain('visa ending 4242');
  });

  it('two triggers at once (two API nodes) claim one crossing and charge once', async () => {
    await setLeft(t.app, acmeCo, THRESHOLD - 1_000n, 'below-again');
    // a second node: its own service over the same database and job queue
    const other = new RechargeService(t.app.db, t.app.log, jobsOf(t.app), billingOf(t.app), service.charger);
    const claims = await Promise.all([service.check(acmeCo), other.check(acmeCo), service.check(acmeCo)]);
    expect(claims.filter((c) => c !== null)).toEqual([2]);
    const done = await until(attempts, (a) => a.length === 2 && a[1].status !== 'pending');
    expect(done[1]).toMatchObject({ crossing: 2, status: 'succeeded' });
    expect(charges).toHaveLength(2);
  });

  it('never passes the monthly cap: a third charge of 20 over a cap of 50 is not made', async () => {
    await setLeft(t.app, acmeCo, THRESHOLD - 1_000n, 'capped');
    expect(await service.check(acmeCo)).toBe(3);
    const done = await until(attempts, (a) => a.length === 3);
    expect(done[2]).toMatchObject({ crossing: 3, status: 'capped', payment_uuid: null });
    expect(done[2].message).toMatch(/monthly cap of USD 50.00/);
    expect(charges).toHaveLength(2);
    const view = (await call('GET', `/company/${acmeCo}/auto-recharge`)).json();
    expect(view).toMatchObject({ charged_this_month: '40.00', enabled: true });
    expect(view.attempts[0]).toMatchObject({ status: 'capped' });
  });

  it('a declining card: each failure mails and counts, the third turns auto-recharge off; the banner says so', async () => {
    await saveTestCard(t.app, acme, acmeCo, '4000 0000 0000 0002');
    const before = await leftOf(t.app, acmeCo);
    // new settings while below the threshold: the next crossing at once (the capped one is over)
    await call('PUT', `/company/${acmeCo}/auto-recharge`, { ...ON, monthly_cap: '500.00' });
    const done = await until(attempts, (a) => a.filter((x) => x.crossing === 4 && x.status === 'failed').length === 3);
    const fourth = done.filter((a) => a.crossing === 4);
    expect(fourth.map((a) => [a.try, a.status])).toEqual([
      [1, 'failed'],
      [2, 'failed'],
      [3, 'failed'],
    ]);
    expect(fourth[0].message).toBe('Your card was declined (test card).');
    // stopped: no fourth try, no money moved, the declined payments cancelled
    await new Promise((r) => setTimeout(r, 2500));
    expect((await attempts()).filter((a) => a.crossing === 4)).toHaveLength(3);
    expect(await leftOf(t.app, acmeCo)).toBe(before);
    const payments = await t.app.db
      .selectFrom('payments')
      .select('status')
      .where(
        'payment_uuid',
        'in',
        fourth.map((a) => a.payment_uuid as string),
      )
      .execute();
    expect(payments.map((p) => p.status)).toEqual(['cancelled', 'cancelled', 'cancelled']);
    const view = (await call('GET', `/company/${acmeCo}/auto-recharge`)).json();
    expect(view).toMatchObject({ enabled: false, failures: 3 });
    expect(view.disabled_reason).toMatch(/^Turned off after 3 failed charges in a row/);
    expect(await mails('failed')).toHaveLength(3);
    expect((await mails('failed and is turned off'))[0].body).toContain('turned itself off');
    const alerts = (await call('GET', '/guards/alerts')).json();
    expect(alerts.auto_recharge).toMatchObject({ failures: 3, disabled: true });
    // off: a later crossing charges nothing
    expect(await service.check(acmeCo)).toBeNull();
  });
});
