import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { ledgerSumOf, post } from './ledger';
import { parseMoney, toMicro } from '../lib/money';
import { seedDemoBilling } from './seed';
import { fieldsOf } from '../testing/problem-answers';
import { fieldErrorsOf } from '../testing/problem-answers';

describe('credit settings, the below-credit-limit flag and the demo billing seed', () => {
  let t: TestApp;
  const h = {} as Record<'admin' | 'reseller' | 'acme' | 'globex', Record<string, string>>;
  let acme: string;
  let globex: string;
  let direct: string;
  const call = (method: 'GET' | 'PATCH' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const balanceOfAcme = async () =>
    (await call('GET', `/balance?company_uuid=${acme}`, h.admin)).json() as { balance: string };
  const flag = async (id: string) => (await call('GET', `/company/${id}`, h.admin)).json().is_below_credit_limit;
  const charge = (company_uuid: string, amount: string) =>
    t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid },
        amount: -parseMoney(amount),
        kind: 'sms_charge',
        cause_type: 'sms',
        cause_id: `c-${Math.random()}`,
      }),
    );

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
    direct = (
      await t.app.db
        .insertInto('companies')
        .values({ company_name: 'Credit Direct' })
        .returning('company_uuid')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    h.admin = bearer(await login(t.app, 'admin@example.com'));
    h.reseller = bearer(await login(t.app, 'reseller@example.com'));
    h.acme = bearer(await login(t.app, 'acme-admin@example.com'));
    h.globex = bearer(await login(t.app, 'globex-admin@example.com'));
  }, 180_000);
  afterAll(async () => t.close());

  it('the demo seed leaves consistent money: balances equal their ledgers, invoices paid as payments cover them', async () => {
    await seedDemoBilling(t.app.db);
    const invoices = (await call('GET', '/invoice/list?per_page=100', h.admin)).json().items as {
      company_name: string | null;
      reseller_name: string;
      status: string;
    }[];
    expect(invoices.map((i) => [i.company_name ?? `${i.reseller_name} (own)`, i.status]).sort()).toEqual([
      ['Acme', 'paid'],
      ['Acme', 'paid'],
      ['Demo Reseller (own)', 'paid'],
      ['Demo Reseller (own)', 'paid'],
      ['Globex', 'overdue'],
    ]);
    const accounts = await sql<{
      account_uuid: string;
      balance: string;
    }>`select account_uuid, balance::text as balance from billing_accounts`.execute(t.app.db);
    expect(accounts.rows.length).toBe(3);
    for (const a of accounts.rows) expect(await ledgerSumOf(t.app.db, a.account_uuid)).toBe(toMicro(a.balance));
    // Globex owes on its credit line without passing it
    expect((await call('GET', '/balance', h.globex)).json()).toMatchObject({
      credit_limit: '50.00',
      balance: '-2.444',
    });
    expect(await flag(globex)).toBe(false);
    // a second run adds nothing
    await seedDemoBilling(t.app.db);
    expect((await call('GET', '/invoice/list', h.admin)).json().total).toBe(5);
  });

  it("the biller sets the credit line and alert level; a company admin may not, another reseller's company answers 404", async () => {
    const set = await call('PATCH', `/company/${direct}`, h.admin, {
      credit_limit: '25',
      low_balance_threshold: '10.5',
    });
    expect(set.statusCode).toBe(200);
    expect((await call('GET', `/balance?company_uuid=${direct}`, h.admin)).json()).toMatchObject({
      credit_limit: '25.00',
      low_balance_threshold: '10.50',
    });
    expect(
      (await call('PATCH', `/company/${acme}`, h.reseller, { credit_limit: '5', low_balance_threshold: null }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', `/balance?company_uuid=${acme}`, h.reseller)).json()).toMatchObject({
      credit_limit: '5.00',
      low_balance_threshold: null,
    });
    expect((await call('PATCH', `/company/${direct}`, h.reseller, { credit_limit: '99' })).statusCode).toBe(404);
    expect((await call('PATCH', `/company/${acme}`, h.acme, { credit_limit: '99' })).statusCode).toBe(403);
    const bad = await call('PATCH', `/company/${direct}`, h.admin, { company_name: 'Renamed?', credit_limit: '-1' });
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).credit_limit).toMatch(/negative/);
    // refused whole: the name did not change either
    expect((await call('GET', `/company/${direct}`, h.admin)).json().company_name).toBe('Credit Direct');
    expect((await call('GET', `/balance?company_uuid=${direct}`, h.admin)).json().credit_limit).toBe('25.00');
    const created = await call('POST', '/company', h.admin, { company_name: 'Born With Credit', credit_limit: '7.25' });
    expect(created.statusCode).toBe(201);
    expect(
      (await call('GET', `/balance?company_uuid=${created.json().company_uuid}`, h.admin)).json().credit_limit,
    ).toBe('7.25');
  });

  it('keeps is_below_credit_limit true while the balance is past the limit, and false again when it is not', async () => {
    expect(await flag(direct)).toBe(false);
    await charge(direct, '25');
    expect(await flag(direct)).toBe(false);
    await charge(direct, '0.000001');
    expect(await flag(direct)).toBe(true);
    // a higher limit clears it at once; a lower one sets it again
    await call('PATCH', `/company/${direct}`, h.admin, { credit_limit: '30' });
    expect(await flag(direct)).toBe(false);
    await call('PATCH', `/company/${direct}`, h.admin, { credit_limit: '1' });
    expect(await flag(direct)).toBe(true);
    await call('POST', '/payment', h.admin, { method: 'manual', amount: '24.000001', company_uuid: direct });
    expect(await flag(direct)).toBe(false);
    expect(
      (await call('GET', '/company/list?is_below_credit_limit=true&per_page=10000', h.admin))
        .json()
        .items.map((c: { company_name: string }) => c.company_name),
    ).not.toContain('Credit Direct');
  });

  it('mails a low balance once per crossing', async () => {
    const mails = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from outbox where subject like 'Low balance%' and recipient = 'globex-admin@example.com'`.execute(
            t.app.db,
          )
        ).rows[0].n,
      );
    await call('PATCH', `/company/${globex}`, h.admin, { low_balance_threshold: '-3' });
    const before = await mails();
    await charge(globex, '0.5');
    await charge(globex, '0.5');
    expect(await mails()).toBe(before + 1);
    await call('POST', '/payment', h.admin, { method: 'manual', amount: '10', company_uuid: globex });
    await charge(globex, '20');
    expect(await mails()).toBe(before + 2);
  });

  it('the company answer shows its credit figures to its biller and its admins, not to its users', async () => {
    await call('PATCH', `/company/${acme}`, h.reseller, { credit_limit: '15', low_balance_threshold: '2.5' });
    const figures = (await balanceOfAcme()).balance;
    for (const who of [h.admin, h.reseller, h.acme]) {
      expect((await call('GET', `/company/${acme}`, who)).json()).toMatchObject({
        credit_limit: '15.00',
        low_balance_threshold: '2.50',
        balance: figures,
        currency: 'USD',
      });
    }
    const user = bearer(await login(t.app, 'acme-user@example.com'));
    const seen = (await call('GET', `/company/${acme}`, user)).json();
    expect(seen.company_name).toBe('Acme');
    expect(Object.keys(seen)).not.toEqual(expect.arrayContaining(['credit_limit']));
    expect(seen).not.toHaveProperty('balance');
    // another reseller's company stays 404; the PATCH answer carries the new figures; an unchanged save audits nothing
    expect((await call('GET', `/company/${acme}`, h.globex)).statusCode).toBe(404);
    const patched = await call('PATCH', `/company/${acme}`, h.reseller, { low_balance_threshold: null });
    expect(patched.json()).toMatchObject({ credit_limit: '15.00', low_balance_threshold: null });
    const audits = async () =>
      Number(
        (
          await sql<{
            n: number;
          }>`select count(*)::int as n from audit_log where entity = 'billing_account' and entity_id = ${acme}`.execute(
            t.app.db,
          )
        ).rows[0].n,
      );
    const before = await audits();
    expect((await call('PATCH', `/company/${acme}`, h.reseller, { credit_limit: '15.00' })).statusCode).toBe(200);
    expect(await audits()).toBe(before);
    expect(fieldErrorsOf(await call('PATCH', `/company/${acme}`, h.reseller, { credit_limit: '-1' }))).toEqual({
      errors: { credit_limit: 'The credit limit cannot be negative' },
    });
  });
});
