import { api, createTestApp, type TestApp } from '../testing/test-app';
import { companyId, saveTestCard, signIn, type Headers } from './recharge-testing';
import { problemOf } from '../testing/problem-answers';

const SETTINGS = { enabled: false, threshold: '10.00', amount: '20.00', monthly_cap: '100.00' };

describe('auto-recharge settings and saved card: who may do what', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });

  beforeAll(async () => {
    t = await createTestApp();
    [admin, reseller, acme, acmeUser, globex] = await signIn(t.app, [
      'admin',
      'reseller',
      'acme-admin',
      'acme-user',
      'globex-admin',
    ]);
    acmeCo = await companyId(t.app, 'Acme');
    globexCo = await companyId(t.app, 'Globex');
  }, 120_000);
  afterAll(async () => t.close());

  it('starts empty: off, no card, the currency limits on the amount', async () => {
    const res = await call('GET', `/company/${acmeCo}/auto-recharge`, acme);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      company_uuid: acmeCo,
      currency: 'USD',
      enabled: false,
      threshold: null,
      card: null,
      attempts: [],
      max_failures: 3,
      amount_min: '5.00',
      amount_max: '10000.00',
    });
  });

  it('the company admin sets its own; its reseller and the system admin only see; others reach nothing', async () => {
    expect((await call('PUT', `/company/${acmeCo}/auto-recharge`, acme, SETTINGS)).statusCode).toBe(200);
    for (const who of [reseller, admin]) {
      const seen = await call('GET', `/company/${acmeCo}/auto-recharge`, who);
      expect(seen.json()).toMatchObject({ threshold: '10.00', amount: '20.00', monthly_cap: '100.00' });
      const put = await call('PUT', `/company/${acmeCo}/auto-recharge`, who, { ...SETTINGS, amount: '50.00' });
      expect(put.statusCode).toBe(403);
      expect((await call('POST', `/company/${acmeCo}/auto-recharge/card`, who)).statusCode).toBe(403);
      expect((await call('DELETE', `/company/${acmeCo}/auto-recharge/card`, who)).statusCode).toBe(403);
    }
    // another company's admin: not found, for reading and for changing
    expect((await call('GET', `/company/${acmeCo}/auto-recharge`, globex)).statusCode).toBe(404);
    expect((await call('PUT', `/company/${acmeCo}/auto-recharge`, globex, SETTINGS)).statusCode).toBe(404);
    expect((await call('POST', `/company/${acmeCo}/auto-recharge/card`, globex)).statusCode).toBe(404);
    // the demo reseller does not bill Globex (a direct company): not found either
    expect((await call('GET', `/company/${globexCo}/auto-recharge`, reseller)).statusCode).toBe(404);
    expect((await call('GET', `/company/${acmeCo}/auto-recharge`, acmeUser)).statusCode).toBe(403);
    const row = await t.app.db
      .selectFrom('auto_recharge')
      .select(['amount', 'updated_by'])
      .where('company_uuid', '=', acmeCo)
      .executeTakeFirstOrThrow();
    expect(BigInt(row.amount)).toBe(20_000_000n);
    const audit = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'actor_type'])
      .where('entity', '=', 'auto_recharge')
      .orderBy('id', 'desc')
      .executeTakeFirst();
    expect(audit).toEqual({ action: 'create', actor_type: 'company_admin' });
  });

  it('validates like a card top-up: the amount inside the limits, a cap that holds one charge', async () => {
    const bad = async (body: object) => problemOf(await call('PUT', `/company/${acmeCo}/auto-recharge`, acme, body));
    expect(await bad({ ...SETTINGS, amount: '1.00' })).toMatchObject({
      code: 'validation',
      fields: { amount: 'The smallest top-up is USD 5.00' },
    });
    expect((await bad({ ...SETTINGS, amount: '20000' })).fields.amount).toBe('The largest top-up is USD 10000.00');
    expect((await bad({ ...SETTINGS, monthly_cap: '10.00' })).fields.monthly_cap).toMatch(/at least one charge/);
    expect((await bad({ ...SETTINGS, threshold: '-1' })).fields).toBeDefined();
    expect((await bad({ ...SETTINGS, amount: '20.005' })).fields.amount).toMatch(/2 decimals/);
    // turning it on needs a card
    expect((await bad({ ...SETTINGS, enabled: true })).fields).toEqual({ enabled: 'Save a card first' });
  });

  it('saves a card through the built-in page, shows brand and last 4, and removes it (turning itself off)', async () => {
    const { page, saved, setup_uuid, secret } = await saveTestCard(t.app, acme, acmeCo, '4242 4242 4242 4242');
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Save this card');
    expect(saved.statusCode).toBe(303);
    expect(saved.headers.location).toBe('/company-admin/profile/guards?card=saved');
    // the secret is single use: the page is done
    const again = await t.app.inject({
      method: 'GET',
      url: api(`/payments/card-setup/${setup_uuid}?secret=${secret}`),
    });
    expect(again.statusCode).toBe(303);
    const wrong = await t.app.inject({ method: 'GET', url: api(`/payments/card-setup/${setup_uuid}?secret=nope`) });
    expect(wrong.statusCode).toBe(404);
    const on = await call('PUT', `/company/${acmeCo}/auto-recharge`, acme, { ...SETTINGS, enabled: true });
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ enabled: true, card: { provider: 'test', brand: 'visa', last4: '4242' } });
    // the reseller sees the card too
    expect((await call('GET', `/company/${acmeCo}/auto-recharge`, reseller)).json().card.last4).toBe('4242');
    const removed = await call('DELETE', `/company/${acmeCo}/auto-recharge/card`, acme);
    expect(removed.json()).toMatchObject({
      card: null,
      enabled: false,
      disabled_reason: 'The saved card was removed.',
    });
  });

  it('a cancelled or mistyped card saves nothing', async () => {
    const { saved } = await saveTestCard(t.app, acme, acmeCo, '12');
    expect(saved.headers.location).toBe('/company-admin/profile/guards?card=cancelled');
    expect((await call('GET', `/company/${acmeCo}/auto-recharge`, acme)).json().card).toBeNull();
  });
});
