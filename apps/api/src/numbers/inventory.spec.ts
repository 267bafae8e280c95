import { randomUUID } from 'node:crypto';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { isCompanyNumber, findNumberOwner } from './lookup';

type Headers = Record<string, string>;

describe('number inventory: ownership and tenancy', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, globex: Headers, acmeUser: Headers;
  let acmeCo: string, globexCo: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const uuidOf = async (did: string) =>
    (await t.app.db.selectFrom('dids').select('did_uuid').where('did', '=', did).executeTakeFirstOrThrow()).did_uuid;
  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'globex-admin', 'acme-user'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, globex, acmeUser] = tokens;
    const cos = await t.app.db
      .selectFrom('companies')
      .select(['company_uuid', 'company_name'])
      .where('company_name', 'in', ['Acme', 'Globex'])
      .execute();
    acmeCo = cos.find((c) => c.company_name === 'Acme')!.company_uuid;
    globexCo = cos.find((c) => c.company_name === 'Globex')!.company_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  it('lists each role its own numbers', async () => {
    const mine = (await call('GET', '/did/company/list', acme)).json();
    expect(mine.items.map((d: { did: string }) => d.did).sort()).toEqual([
      '+12125552301',
      '+12125552302',
      '+14155553303',
      '+18005554304',
    ]);
    expect(
      mine.items.every(
        (d: { company_name: string; is_assigned: boolean }) => d.company_name === 'Acme' && d.is_assigned,
      ),
    ).toBe(true);
    expect((await call('GET', '/did/company/list?is_toll_free=true', acme)).json().total).toBe(1);
    // a company user sees the numbers assigned to it
    expect((await call('GET', '/did/company/list', acmeUser)).json().items.map((d: { did: string }) => d.did)).toEqual([
      '+12125552301',
    ]);
    expect((await call('GET', '/did/list', acmeUser)).statusCode).toBe(403);
    // the reseller: its stock and Acme's (Acme is its company), never Globex's
    const res = (await call('GET', '/did/list?per_page=100', reseller)).json();
    const dids = res.items.map((d: { did: string }) => d.did);
    expect(dids).toEqual(expect.arrayContaining(['+16175552501', '+12125552301']));
    expect(dids).not.toContain('+13125552401');
    expect(dids).not.toContain('+12065552601');
    const free = (await call('GET', '/did/free/list', reseller)).json();
    expect(free.items.map((d: { did: string }) => d.did).sort()).toEqual([
      '+16175552501',
      '+16175552502',
      '+18445552503',
    ]);
    expect((await call('GET', '/did/list?per_page=100', admin)).json().total).toBe(14);
    expect((await call('GET', '/did/free/list?area_code=206', admin)).json().total).toBe(2);
    expect((await call('GET', '/did/free/list', acme)).statusCode).toBe(403);
  });

  it('hides an Acme number from Globex on every call (404) and changes nothing', async () => {
    const id = await uuidOf('+12125552302');
    expect((await call('GET', `/did/${id}`, globex)).statusCode).toBe(404);
    expect((await call('PATCH', `/did/${id}`, globex, { description: 'hijacked' })).statusCode).toBe(404);
    expect((await call('PATCH', '/did/+12125552302', globex, { description: 'hijacked' })).statusCode).toBe(404);
    const globexUser = (
      await t.app.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'globex-user@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    expect((await call('PATCH', `/did/${id}/assign`, globex, { user_uuid: globexUser })).statusCode).toBe(404);
    expect((await call('POST', '/did/disconnect', globex, { numbers: ['+12125552302'] })).statusCode).toBe(404);
    expect((await call('GET', '/did/company/list?did=2125552302', globex)).json().total).toBe(0);
    const row = await t.app.db.selectFrom('dids').selectAll().where('did_uuid', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ company_uuid: acmeCo, description: 'Acme main line', user_uuid: null });
    // the reseller does not hold Globex's numbers either
    expect((await call('GET', `/did/${await uuidOf('+13125552401')}`, reseller)).statusCode).toBe(404);
  });

  it('assigns a number to a user of its own company only, and back to none', async () => {
    const staff = (
      await t.app.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'acme-staff-1@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    const globexUser = (
      await t.app.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'globex-user@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    const assigned = await call('PATCH', '/did/(212) 555-2302/assign', acme, { user_uuid: staff });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().did).toMatchObject({ did: '+12125552302', user_uuid: staff, user_name: 'Acme Staff 1' });
    // a Globex user cannot receive an Acme number, whoever asks
    expect((await call('PATCH', '/did/+12125552302/assign', acme, { user_uuid: globexUser })).statusCode).toBe(404);
    expect((await call('PATCH', '/did/+12125552302/assign', admin, { user_uuid: globexUser })).statusCode).toBe(404);
    expect(
      (await call('PATCH', '/did/+12125552302/assign', acme, { user_uuid: null })).json().did.user_uuid,
    ).toBeNull();
    // a stock number has no company, so no user
    expect((await call('PATCH', '/did/+12065552601/assign', admin, { user_uuid: staff })).statusCode).toBe(400);
  });

  it('lets a company admin name its numbers but nothing else', async () => {
    expect(
      (await call('PATCH', '/did/+12125552302', acme, { description: 'Support line' })).json().did.description,
    ).toBe('Support line');
    expect((await call('PATCH', '/did/+12125552302', acme, { monthly_price: '0' })).statusCode).toBe(403);
    expect((await call('PATCH', '/did/+12125552302', acme, { company_uuid: globexCo })).statusCode).toBe(403);
  });

  it('creates stock; a reseller only in its own stock and for its own companies', async () => {
    const made = await call('POST', '/did', reseller, { did: '617-555-2777', type: 'sms', monthly_price: '1.25' });
    expect(made.statusCode).toBe(201);
    const resellerUuid = (
      await t.app.db
        .selectFrom('users')
        .select('reseller_uuid')
        .where('email', '=', 'reseller@example.com')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    expect(made.json().did).toMatchObject({
      did: '+16175552777',
      area_code: '617',
      state: 'MA',
      is_toll_free: false,
      monthly_price: '1.2500',
      reseller_uuid: resellerUuid,
      is_assigned: false,
    });
    expect((await call('POST', '/did', reseller, { did: '+16175552778', reseller_uuid: null })).statusCode).toBe(403);
    // the admin may name any reseller that exists
    const missing = await call('POST', '/did', admin, { did: '+16175552778', reseller_uuid: randomUUID() });
    expect([missing.statusCode, missing.json().detail]).toEqual([404, 'Reseller not found']);
    expect((await call('POST', '/did', reseller, { did: '+16175552779', company_uuid: globexCo })).statusCode).toBe(
      404,
    );
    const given = await call('PATCH', '/did/+16175552777', reseller, { company_uuid: acmeCo });
    expect(given.json().did).toMatchObject({ company_name: 'Acme', is_assigned: true });
    expect((await call('POST', '/did', acme, { did: '+16175552780' })).statusCode).toBe(403);
    // the same number twice
    expect((await call('POST', '/did', admin, { did: '+1 (617) 555-2777' })).statusCode).toBe(409);
  });

  it('rejects malformed numbers and unknown area codes with 400', async () => {
    for (const did of ['12345678', '+1 555 123', '+44 20 7946 0958']) {
      const res = await call('POST', '/did', admin, { did });
      expect([did, res.statusCode]).toEqual([did, 400]);
    }
    expect((await call('POST', '/did', admin, { did: 'call me maybe' })).statusCode).toBe(400);
    // 684 (American Samoa) is valid NANP but not a US/Canadian area code of the inventory
    const samoa = await call('POST', '/did', admin, { did: '+16846330000' });
    expect(samoa.statusCode).toBe(400);
    expect((await call('GET', '/did/not-a-number', admin)).statusCode).toBe(400);
    expect((await call('PATCH', '/did/12/assign', admin, { user_uuid: null })).statusCode).toBe(400);
  });

  it('deletes one number, or the items given (all or none); never without an explicit list', async () => {
    const a = await uuidOf('+12065552601');
    const b = await uuidOf('+12065552602');
    const acmeNumber = await uuidOf('+14155553303');
    // the reseller does not hold platform stock: nothing goes
    expect((await call('DELETE', '/did/mass_delete', reseller, { items: [a, b] })).statusCode).toBe(404);
    expect((await call('DELETE', `/did/${a}`, reseller)).statusCode).toBe(404);
    expect((await call('DELETE', `/did/${a}`, acme)).statusCode).toBe(403);
    expect(await t.app.db.selectFrom('dids').select('did').where('did_uuid', 'in', [a, b]).execute()).toHaveLength(2);
    expect((await call('DELETE', '/did/mass_delete', admin, { items: [a, b] })).json()).toEqual({ count: 2 });
    // without an explicit list nothing goes: an empty body once deleted every free number in scope
    const free = (await call('GET', '/did/free/list?per_page=100', reseller)).json();
    expect(free.total).toBe(3);
    for (const payload of [{}, { items: [] }, undefined]) {
      const refused = await call('DELETE', '/did/mass_delete', reseller, payload);
      expect([JSON.stringify(payload), refused.statusCode]).toEqual([JSON.stringify(payload), 400]);
      if (payload) expect(refused.json().detail).toMatch(/items/i);
    }
    expect((await call('GET', '/did/free/list', reseller)).json().total).toBe(3);
    // the reseller clears its free stock by naming it, never a company's numbers
    const items = free.items.map((d: { did_uuid: string }) => d.did_uuid);
    expect((await call('DELETE', '/did/mass_delete', reseller, { items })).json()).toEqual({ count: 3 });
    expect((await call('GET', '/did/free/list', reseller)).json().total).toBe(0);
    expect((await call('GET', `/did/${acmeNumber}`, acme)).statusCode).toBe(200);
  });

  it('tells the messaging pipeline whose number a sender or recipient is', async () => {
    expect(await isCompanyNumber(t.app.db, acmeCo, '(212) 555-2301')).toBe(true);
    expect(await isCompanyNumber(t.app.db, globexCo, '+12125552301')).toBe(false);
    expect(await isCompanyNumber(t.app.db, acmeCo, 'garbage')).toBe(false);
    const acmeUserUuid = (
      await t.app.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'acme-user@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    expect(await findNumberOwner(t.app.db, '2125552301')).toMatchObject({
      company_uuid: acmeCo,
      user_uuid: acmeUserUuid,
    });
    expect(await findNumberOwner(t.app.db, '+13035552603')).toBeNull();
  });
});
