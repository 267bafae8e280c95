import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

type Headers = Record<string, string>;

describe('number search, order and disconnect (built-in provider)', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, globex: Headers, acmeUser: Headers;
  let acmeCo: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'globex-admin', 'acme-user'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, globex, acmeUser] = tokens;
    acmeCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
  }, 120_000);
  afterAll(async () => t.close());

  it('searches local numbers by area code, state, LATA and pattern (10 by default), never offering held numbers', async () => {
    const byNpa = (await call('GET', '/did/search?npa=212', acme)).json().items;
    expect(byNpa).toHaveLength(10);
    for (const n of byNpa)
      expect(n).toMatchObject({
        did: expect.stringMatching(/^\+1212[2-9]\d{6}$/),
        area_code: '212',
        state: 'NY',
        is_toll_free: false,
        monthly_price: '1.0000',
        capabilities: { sms: true, mms: true, voice: true },
      });
    expect(new Set(byNpa.map((n: { did: string }) => n.did)).size).toBe(10);
    // realistic numbers: a page of results does not all end in the same four digits
    expect(new Set(byNpa.map((n: { did: string }) => n.did.slice(-4))).size).toBeGreaterThan(5);
    const byState = (await call('GET', '/did/search?state=co&count=5', acme)).json().items;
    expect(byState).toHaveLength(5);
    expect(byState.every((n: { state: string }) => n.state === 'CO')).toBe(true);
    const byLata = (await call('GET', '/did/search?lata=730&count=20', acme)).json().items;
    expect(
      byLata.every((n: { area_code: string }) =>
        ['213', '323', '310', '424', '818', '747', '626', '562'].includes(n.area_code),
      ),
    ).toBe(true);
    const patterned = (await call('GET', '/did/search?npa=415&pattern=*77', acme)).json().items;
    expect(patterned.length).toBeGreaterThan(0);
    expect(patterned.every((n: { did: string }) => n.did.endsWith('77'))).toBe(true);
    // an area code that does not exist, or one outside the inventory
    expect((await call('GET', '/did/search?npa=999', acme)).statusCode).toBe(400);
    expect((await call('GET', '/did/search?npa=21', acme)).statusCode).toBe(400);
    expect((await call('GET', '/did/search?state=ZZ', acme)).statusCode).toBe(400);
    expect((await call('GET', '/did/search?npa=212', acmeUser)).statusCode).toBe(403);
  });

  it('searches toll-free numbers under the seven prefixes', async () => {
    const items = (await call('GET', '/did/tf/search', acme)).json().items;
    expect(items).toHaveLength(10);
    expect(
      items.every(
        (n: { did: string; is_toll_free: boolean; monthly_price: string }) =>
          /^\+18(00|33|44|55|66|77|88)/.test(n.did) && n.is_toll_free && n.monthly_price === '2.0000',
      ),
    ).toBe(true);
    // toll-free numbers text and take calls, but carry no picture messages
    expect(items[0].capabilities).toEqual({ sms: true, mms: false, voice: true });
    const only = (await call('GET', '/did/tf/search?prefix=833&count=3', acme)).json().items;
    expect(only.map((n: { did: string }) => n.did.slice(0, 5))).toEqual(['+1833', '+1833', '+1833']);
    expect((await call('GET', '/did/tf/search?prefix=900', acme)).statusCode).toBe(400);
    const prefixes = (await call('GET', '/tf_prefix/list', acmeUser)).json();
    expect(prefixes.items.map((p: { prefix: string }) => p.prefix)).toEqual([
      '800',
      '833',
      '844',
      '855',
      '866',
      '877',
      '888',
    ]);
  });

  it('orders picked numbers for the company, all or none, and search stops offering them', async () => {
    const [a, b] = (await call('GET', '/did/search?npa=303&count=2', acme))
      .json()
      .items.map((n: { did: string }) => n.did);
    const ordered = await call('POST', '/did/order', acme, { numbers: [a, b] });
    expect(ordered.statusCode).toBe(201);
    expect(ordered.json().items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ did: a, company_name: 'Acme', state: 'CO', is_assigned: true }),
      ]),
    );
    const again = (await call('GET', '/did/search?npa=303&count=2', acme))
      .json()
      .items.map((n: { did: string }) => n.did);
    expect(again).not.toContain(a);
    expect(again).not.toContain(b);
    // one number already held: nothing of the order is written
    const [c] = again;
    const clash = await call('POST', '/did/order', globex, { numbers: [c, a] });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().detail).toContain(a);
    expect(await t.app.db.selectFrom('dids').select('did').where('did', '=', c).executeTakeFirst()).toBeUndefined();
    // kinds and shapes
    expect((await call('POST', '/did/order', acme, { numbers: ['+18005550199'] })).statusCode).toBe(400);
    expect((await call('POST', '/did/tf/order', acme, { numbers: [c] })).statusCode).toBe(400);
    expect((await call('POST', '/did/order', acme, { numbers: ['12345'] })).statusCode).toBe(400);
    expect((await call('POST', '/did/order', acme, { numbers: [c, c] })).statusCode).toBe(400);
    // the admin orders for a named company; a reseller only for its own companies
    expect((await call('POST', '/did/order', admin, { numbers: [c] })).statusCode).toBe(400);
    const globexCo = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Globex')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    expect((await call('POST', '/did/order', reseller, { numbers: [c], company_uuid: globexCo })).statusCode).toBe(404);
    // a company admin naming another company is refused (403), and nothing is ordered
    const refused = await call('POST', '/did/order', globex, { numbers: [c], company_uuid: acmeCo });
    expect([refused.statusCode, refused.json().detail]).toEqual([
      403,
      'company_uuid: a company admin orders numbers for its own company',
    ]);
    expect(await t.app.db.selectFrom('dids').select('did').where('did', '=', c).executeTakeFirst()).toBeUndefined();
    expect(
      (await call('POST', '/did/order', reseller, { numbers: [c], company_uuid: acmeCo })).json().items[0].company_name,
    ).toBe('Acme');
  });

  it('replays an order with the same Idempotency-Key instead of ordering twice', async () => {
    const [n] = (await call('GET', '/did/tf/search?prefix=877&count=1', acme))
      .json()
      .items.map((x: { did: string }) => x.did);
    const key = { ...acme, 'idempotency-key': 'order-877-1' };
    const first = await call('POST', '/did/tf/order', key, { numbers: [n] });
    expect(first.statusCode).toBe(201);
    const second = await call('POST', '/did/tf/order', key, { numbers: [n] });
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().items).toEqual(first.json().items);
    expect(await t.app.db.selectFrom('dids').select('did').where('did', '=', n).execute()).toHaveLength(1);
    // the same key for a different order is refused
    const [other] = (await call('GET', '/did/tf/search?prefix=877&count=1', acme))
      .json()
      .items.map((x: { did: string }) => x.did);
    expect((await call('POST', '/did/tf/order', key, { numbers: [other] })).statusCode).toBe(422);
    // keys are per caller: Globex's same key is its own order (and the number is already Acme's)
    expect(
      (await call('POST', '/did/tf/order', { ...globex, 'idempotency-key': 'order-877-1' }, { numbers: [n] }))
        .statusCode,
    ).toBe(409);
  });

  it("charges the first month with the order: the balance drops by the monthly price, once, in the company's history", async () => {
    const balance = async () => (await call('GET', '/balance', acme)).json().balance as string;
    const before = Number(await balance());
    const [n] = (await call('GET', '/did/search?npa=303&count=1', acme)).json().items;
    const key = { ...acme, 'idempotency-key': 'order-303-charge' };
    expect((await call('POST', '/did/order', key, { numbers: [n.did] })).statusCode).toBe(201);
    expect((await call('POST', '/did/order', key, { numbers: [n.did] })).statusCode).toBe(201);
    expect(Number(await balance())).toBeCloseTo(before - Number(n.monthly_price), 6);
    const history = (await call('GET', '/transaction/list?per_page=100', acme)).json().items as {
      kind: string;
      memo: string;
      amount: string;
    }[];
    const charges = history.filter((e) => e.memo === `Number ${n.did}: first month`);
    expect(charges).toHaveLength(1);
    expect(charges[0]).toMatchObject({ kind: 'did_fee' });
    expect(Number(charges[0].amount)).toBeCloseTo(-Number(n.monthly_price), 6);
  });

  it('gives a number ordered twice at once to exactly one company', async () => {
    const [n] = (await call('GET', '/did/search?npa=206&count=1', acme))
      .json()
      .items.map((x: { did: string }) => x.did);
    const results = await Promise.all([
      call('POST', '/did/order', acme, { numbers: [n] }),
      call('POST', '/did/order', globex, { numbers: [n] }),
      call('POST', '/did/order', { ...acme, 'idempotency-key': 'race-1' }, { numbers: [n] }),
    ]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([201, 409, 409]);
    const rows = await t.app.db
      .selectFrom('dids')
      .innerJoin('companies', 'companies.company_uuid', 'dids.company_uuid')
      .select('company_name')
      .where('did', '=', n)
      .execute();
    expect(rows).toHaveLength(1);
    const winner = results.find((r) => r.statusCode === 201)!.json().items[0].company_name;
    expect(rows[0].company_name).toBe(winner);
  });

  it('disconnects all or none: an ordered number goes back to the provider, stock goes back to stock', async () => {
    const staff = (
      await t.app.db
        .selectFrom('users')
        .select('uuid')
        .where('email', '=', 'acme-staff-2@example.com')
        .executeTakeFirstOrThrow()
    ).uuid;
    const [n] = (await call('GET', '/did/search?npa=720&count=1', acme))
      .json()
      .items.map((x: { did: string }) => x.did);
    await call('POST', '/did/order', acme, { numbers: [n] });
    expect((await call('PATCH', `/did/${n}/assign`, acme, { user_uuid: staff })).statusCode).toBe(200);
    // Globex's number in the same request: nothing is disconnected
    expect((await call('POST', '/did/disconnect', acme, { numbers: [n, '+13125552401'] })).statusCode).toBe(404);
    expect((await call('GET', `/did/company/list?did=${n.slice(2)}`, acme)).json().total).toBe(1);
    expect((await call('POST', '/did/tf/disconnect', acme, { numbers: [n] })).statusCode).toBe(400);
    expect((await call('POST', '/did/disconnect', acme, { numbers: [n] })).json()).toEqual({ count: 1 });
    expect(await t.app.db.selectFrom('dids').select('did').where('did', '=', n).executeTakeFirst()).toBeUndefined();
    // a reseller's stock number given to Acme returns to the reseller's stock, without its user
    const stock = (await call('POST', '/did', reseller, { did: '+16175552888', company_uuid: acmeCo })).json().did;
    await call('PATCH', `/did/${stock.did_uuid}/assign`, acme, { user_uuid: staff });
    expect((await call('POST', '/did/disconnect', acme, { numbers: ['617-555-2888'] })).json()).toEqual({ count: 1 });
    const back = (await call('GET', `/did/${stock.did_uuid}`, reseller)).json().did;
    expect(back).toMatchObject({ company_uuid: null, user_uuid: null, is_assigned: false });
    expect((await call('GET', `/did/${stock.did_uuid}`, acme)).statusCode).toBe(404);
  });

  it('lists states, area codes and LATAs from the reference data', async () => {
    const states = (await call('GET', '/state/list', acmeUser)).json();
    expect(states.items).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ code: 'NY', name: 'New York', country: 'US' }),
        expect.objectContaining({ code: 'ON', country: 'CA' }),
      ]),
    );
    expect(states.total).toBeGreaterThanOrEqual(60);
    const ny = (await call('GET', '/npa/list?state=NY', acme)).json().items.map((n: { npa: string }) => n.npa);
    expect(ny).toEqual(expect.arrayContaining(['212', '315', '518', '718']));
    expect(ny).not.toContain('415');
    const latas = (await call('GET', '/lata/list', acme)).json().items;
    expect(latas.find((l: { lata: string }) => l.lata === '132')).toMatchObject({
      name: 'New York Metro',
      state: 'NY',
    });
  });
});
