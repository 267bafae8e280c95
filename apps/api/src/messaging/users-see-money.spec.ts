import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { parseMoney, post } from '../billing';

type Headers = Record<string, string>;

describe('a company user sees money only when its company admin allows it', () => {
  let t: TestApp;
  let acmeAdmin: Headers;
  let acmeUser: Headers;
  let acme: string;
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const quote = async (who: Headers) =>
    (await call('POST', '/sms/quote', who, { text: 'Hello', dnis: '+14155550111' })).json();
  const prices = async (who: Headers) =>
    ((await call('GET', '/sms/list?per_page=20', who)).json().items as { price: string | null }[]).map((s) => s.price);

  beforeAll(async () => {
    t = await createTestApp();
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUser = bearer(await login(t.app, 'acme-user@example.com'));
    acme = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    // a message of Acme's with a price, sent by the user once the balance can pay for it
    await t.app.db.transaction().execute((trx) =>
      post(trx, {
        account: { company_uuid: acme },
        amount: parseMoney('50'),
        kind: 'payment',
        cause_type: 'test',
        cause_id: 'users-see-money',
      }),
    );
    const sent = await call('POST', '/sms', acmeUser, { ani: '+12125552301', dnis: '+14155550111', text: 'Priced' });
    expect(sent.statusCode).toBe(201);
  }, 120_000);
  afterAll(async () => t.close());

  it('by default the user gets no balance and no prices (quote and log), its admin does', async () => {
    const forUser = await quote(acmeUser);
    expect(forUser).toMatchObject({ segments: 1, available: null, unit_price: null, price: null });
    const forAdmin = await quote(acmeAdmin);
    expect(forAdmin.available).not.toBeNull();
    expect(forAdmin.price).not.toBeNull();
    const hidden = await prices(acmeUser);
    expect(hidden.length).toBeGreaterThan(0);
    expect(hidden.every((p) => p === null)).toBe(true);
    expect((await prices(acmeAdmin)).some((p) => p !== null)).toBe(true);
  });

  it('the company admin allows it (a company setting); only its admin may, the user may not', async () => {
    expect((await call('PATCH', `/company/${acme}`, acmeUser, { users_see_money: true })).statusCode).toBe(403);
    const allowed = await call('PATCH', `/company/${acme}`, acmeAdmin, { users_see_money: true });
    expect(allowed.statusCode).toBe(200);
    expect(allowed.json().users_see_money).toBe(true);
    const forUser = await quote(acmeUser);
    expect(forUser.available).not.toBeNull();
    expect(forUser.price).not.toBeNull();
    expect((await prices(acmeUser)).some((p) => p !== null)).toBe(true);
    // the same setting from the company admin's own profile (PATCH /home), and back off
    const home = await call('PATCH', '/home', acmeAdmin, { users_see_money: false });
    expect(home.json().company.users_see_money).toBe(false);
    expect((await quote(acmeUser)).price).toBeNull();
    expect((await call('PATCH', '/home', acmeUser, { users_see_money: true })).statusCode).toBe(403);
  });
});
