import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { resellerWithLogin } from '../testing/fixtures';
import { balanceOf, ledgerSumOf, post } from './ledger';
import { parseMoney } from '../lib/money';
import { fieldsOf } from '../testing/problem-answers';

describe('payments, balances and transaction history', () => {
  let t: TestApp;
  const h = {} as Record<'admin' | 'reseller' | 'other' | 'acme' | 'globex' | 'user', Record<string, string>>;
  let acme: string;
  let globex: string;
  let demoReseller: string;
  let otherCompany: string;
  const call = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const countRows = async () => ({
    payments: Number(
      (
        await t.app.db
          .selectFrom('payments')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
    entries: Number(
      (
        await t.app.db
          .selectFrom('ledger_entries')
          .select((eb) => eb.fn.countAll().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    ),
  });

  beforeAll(async () => {
    t = await createTestApp();
    const company = (name: string) =>
      t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow();
    acme = (await company('Acme')).company_uuid;
    globex = (await company('Globex')).company_uuid;
    demoReseller = (
      await t.app.db
        .selectFrom('resellers')
        .select('reseller_uuid')
        .where('reseller_name', '=', 'Demo Reseller')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    const rival = await resellerWithLogin(t.app, {
      name: 'Billing Rival',
      email: 'rival@example.com',
      company: 'Rival Client',
    });
    otherCompany = rival.company_uuid as string;
    h.admin = bearer(await login(t.app, 'admin@example.com'));
    h.reseller = bearer(await login(t.app, 'reseller@example.com'));
    h.other = rival.headers;
    h.acme = bearer(await login(t.app, 'acme-admin@example.com'));
    h.globex = bearer(await login(t.app, 'globex-admin@example.com'));
    h.user = bearer(await login(t.app, 'acme-user@example.com'));
    // six logins hash passwords on a shared 2-core machine
  }, 180_000);
  afterAll(async () => t.close());

  it('the system admin pays a direct company; its balance and transaction history show it', async () => {
    const res = await call('POST', '/payment', h.admin, { method: 'manual', amount: '125.5', company_uuid: globex });
    expect(res.statusCode).toBe(201);
    expect(res.json().payment).toMatchObject({
      company_uuid: globex,
      company_name: 'Globex',
      method: 'manual',
      amount: '125.50',
      currency: 'USD',
      status: 'paid',
      reseller_uuid: null,
    });
    expect(res.json().payment.paid_on).toEqual(expect.any(String));
    const balance = (await call('GET', `/balance?company_uuid=${globex}`, h.admin)).json();
    expect(balance).toMatchObject({ balance: '125.50', available: '125.50', currency: 'USD' });
    // the company admin sees the same figure as its own balance
    expect((await call('GET', '/balance', h.globex)).json().balance).toBe('125.50');
    const history = (await call('GET', `/transaction/list?company_uuid=${globex}`, h.globex)).json();
    expect(history.total).toBe(1);
    expect(history.items[0]).toMatchObject({
      kind: 'payment',
      amount: '125.50',
      balance_after: '125.50',
      cause_type: 'payment',
      cause_id: res.json().payment.payment_uuid,
      company_name: 'Globex',
    });
  });

  it("a reseller pays its own company; the admin pays a reseller's own account but not a reseller's company", async () => {
    const mine = await call('POST', '/payment', h.reseller, { method: 'manual', amount: 40, company_uuid: acme });
    expect(mine.statusCode).toBe(201);
    expect(mine.json().payment).toMatchObject({
      company_name: 'Acme',
      reseller_uuid: demoReseller,
      reseller_name: 'Demo Reseller',
      amount: '40.00',
    });
    const before = await countRows();
    const refused = await call('POST', '/payment', h.admin, { method: 'manual', amount: '10', company_uuid: acme });
    expect(refused.statusCode).toBe(400);
    expect(fieldsOf(refused).company_uuid).toMatch(/reseller/);
    expect(await countRows()).toEqual(before);
    const toReseller = await call('POST', '/payment', h.admin, {
      method: 'manual',
      amount: '7.25',
      reseller_uuid: demoReseller,
    });
    expect(toReseller.json().payment).toMatchObject({
      company_uuid: null,
      reseller_uuid: demoReseller,
      amount: '7.25',
    });
    expect((await call('GET', '/balance', h.reseller)).json()).toMatchObject({
      reseller_uuid: demoReseller,
      balance: '7.25',
    });
    expect((await call('GET', `/balance?company_uuid=${acme}`, h.reseller)).json().balance).toBe('40.00');
  });

  it('refuses bad input and writes nothing', async () => {
    const before = await countRows();
    const cases: [Record<string, string>, object, number][] = [
      [h.admin, { method: 'manual', amount: '0', company_uuid: globex }, 400],
      [h.admin, { method: 'manual', amount: '-5', company_uuid: globex }, 400],
      [h.admin, { method: 'manual', amount: 'ten', company_uuid: globex }, 400],
      [h.admin, { method: 'manual', amount: '1.0000001', company_uuid: globex }, 400],
      [h.admin, { method: 'card', amount: '5', company_uuid: globex }, 400],
      [h.admin, { method: 'manual', amount: '5', company_uuid: '00000000-0000-4000-8000-000000000000' }, 404],
      [h.admin, { method: 'manual', amount: '5', reseller_uuid: '00000000-0000-4000-8000-000000000000' }, 404],
      [h.admin, { method: 'manual', amount: '5' }, 400],
      [h.reseller, { method: 'manual', amount: '5', company_uuid: globex }, 404],
      [h.reseller, { method: 'manual', amount: '5', company_uuid: otherCompany }, 404],
      [h.reseller, { method: 'manual', amount: '5', reseller_uuid: demoReseller }, 400],
      [h.acme, { method: 'manual', amount: '5', company_uuid: acme }, 403],
      [h.user, { method: 'manual', amount: '5', company_uuid: acme }, 403],
    ];
    for (const [who, body, status] of cases) {
      const res = await call('POST', '/payment', who, body);
      expect([body, res.statusCode]).toEqual([body, status]);
    }
    expect(
      fieldsOf(await call('POST', '/payment', h.admin, { method: 'manual', amount: '0', company_uuid: globex })).amount,
    ).toMatch(/greater than zero/);
    expect(await countRows()).toEqual(before);
  });

  it('keeps tenants apart: lists, balances and histories', async () => {
    await call('POST', '/payment', h.other, { method: 'manual', amount: '3', company_uuid: otherCompany });
    const names = async (who: Record<string, string>) =>
      (await call('GET', '/payment/list?per_page=100', who))
        .json()
        .items.map(
          (p: { company_name: string | null; reseller_name: string }) =>
            p.company_name ?? `reseller:${p.reseller_name}`,
        )
        .sort();
    expect(await names(h.admin)).toEqual(['Acme', 'Globex', 'Rival Client', 'reseller:Demo Reseller']);
    expect(await names(h.reseller)).toEqual(['Acme', 'reseller:Demo Reseller']);
    expect(await names(h.other)).toEqual(['Rival Client']);
    expect(await names(h.acme)).toEqual(['Acme']);
    expect(await names(h.globex)).toEqual(['Globex']);
    expect((await call('GET', '/payment/list', h.user)).statusCode).toBe(403);
    // another tenant's balance answers 404 (its existence is not revealed)
    expect((await call('GET', `/balance?company_uuid=${globex}`, h.acme)).statusCode).toBe(404);
    expect((await call('GET', `/balance?company_uuid=${otherCompany}`, h.reseller)).statusCode).toBe(404);
    expect((await call('GET', `/balance?reseller_uuid=${demoReseller}`, h.other)).statusCode).toBe(404);
    // a foreign filter finds nothing instead of leaking rows
    expect((await call('GET', `/transaction/list?company_uuid=${globex}`, h.acme)).json().total).toBe(0);
    expect((await call('GET', `/payment/list?company_uuid=${otherCompany}`, h.reseller)).json().total).toBe(0);
    const log = (await call('GET', '/transaction/list?per_page=100', h.reseller)).json();
    expect(log.items.map((e: { company_name: string | null }) => e.company_name).sort()).toEqual(['Acme', null]);
  });

  it('searches, filters and orders the payment list', async () => {
    const list = (q: string) => call('GET', `/payment/list?${q}`, h.admin).then((r) => r.json());
    expect((await list('company_name=*glob*')).items.map((p: { company_name: string }) => p.company_name)).toEqual([
      'Globex',
    ]);
    expect((await list('search=*rival*')).total).toBe(1);
    expect((await list(`company_uuid=${acme}`)).total).toBe(1);
    expect((await list(`reseller_uuid=${demoReseller}`)).items.map((p: { amount: string }) => p.amount)).toEqual([
      '7.25',
    ]);
    const byAmount = (await list('order_by=amount&order_dir=asc&per_page=2')).items.map(
      (p: { amount: string }) => p.amount,
    );
    expect(byAmount).toEqual(['3.00', '7.25']);
    const page1 = await list('order_by=amount&order_dir=asc&per_page=2&page=1');
    expect(page1.items.map((p: { amount: string }) => p.amount)).toEqual(['40.00', '125.50']);
    expect(page1.total).toBe(4);
  });

  it('100 concurrent manual payments and SMS charges leave the balance equal to the ledger sum', async () => {
    const company = (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: 'Busy Direct Co' })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    const jobs = Array.from({ length: 100 }, (_, i) =>
      i % 2
        ? call('POST', '/payment', h.admin, { method: 'manual', amount: '1.01', company_uuid: company }).then((r) =>
            expect(r.statusCode).toBe(201),
          )
        : t.app.db.transaction().execute((trx) =>
            post(trx, {
              account: { company_uuid: company },
              amount: -parseMoney('0.0035'),
              kind: 'sms_charge',
              cause_type: 'sms',
              cause_id: `sms-${i}`,
            }),
          ),
    );
    await Promise.all(jobs);
    const b = await balanceOf(t.app.db, { company_uuid: company });
    expect(b.balance).toBe(50n * parseMoney('1.01') - 50n * parseMoney('0.0035'));
    expect(await ledgerSumOf(t.app.db, b.account_uuid as string)).toBe(b.balance);
    expect((await call('GET', `/balance?company_uuid=${company}`, h.admin)).json().balance).toBe('50.325');
  });
});
