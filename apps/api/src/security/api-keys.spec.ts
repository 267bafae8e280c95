import { randomBytes } from 'node:crypto';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { hashKey } from './api-keys';

type Headers = Record<string, string>;

describe('company API keys: create once, list without the key, send with it, nothing else, revoke', () => {
  let t: TestApp;
  let acme: Headers, acmeUser: Headers, globex: Headers, admin: Headers;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const seen: string[] = [];
  const bodyOf = (res: { body: string }) => {
    seen.push(res.body);
    return JSON.parse(res.body || 'null');
  };
  const hello = { ani: '(212) 555-2301', dnis: '+1 415 555 0111', text: 'Hello from a program' };

  beforeAll(async () => {
    t = await createTestApp({ demoTraffic: true, messaging: { simAutoDeliver: false, simFailureRate: 0 } });
    [acme, acmeUser, globex, admin] = await Promise.all(
      ['acme-admin', 'acme-user', 'globex-admin', 'admin'].map(async (u) =>
        bearer(await login(t.app, `${u}@example.com`)),
      ),
    );
  }, 120_000);
  afterAll(async () => t.close());

  it('creates, lists, uses and revokes a key; the key is shown once and stored only as a hash', async () => {
    const created = await call('POST', '/api_key', acme, { name: 'CRM' });
    expect(created.statusCode).toBe(201);
    const { api_key, key } = created.json();
    // a live key (the sandbox's test keys start smsc_test_): its kind, then 256 random bits
    expect(key).toMatch(/^smsc_live_[A-Za-z0-9_-]{43}$/);
    expect(api_key).toMatchObject({
      name: 'CRM',
      prefix: key.slice(0, 17),
      last_used_on: null,
      created_by_email: 'acme-admin@example.com',
    });
    const stored = await t.app.db
      .selectFrom('api_keys')
      .selectAll()
      .where('api_key_uuid', '=', api_key.api_key_uuid)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain(key);

    const sent = await call('POST', '/sms', { 'x-api-key': key }, hello);
    expect(sent.statusCode).toBe(201);
    const sms = bodyOf(sent).sms;
    expect(sms).toMatchObject({ company_name: 'Acme', user_email: 'acme-admin@example.com', status: 'sent' });
    expect(bodyOf(await call('GET', `/sms/${sms.sms_uuid}`, { 'x-api-key': key })).sms.sms_uuid).toBe(sms.sms_uuid);
    expect(
      (await call('POST', '/sms/quote', { 'x-api-key': key }, { text: 'hi', dnis: '+14155550111' })).statusCode,
    ).toBe(200);
    const listed = await call('GET', '/sms/list?per_page=5', { 'x-api-key': key });
    expect(listed.statusCode).toBe(200);
    expect(bodyOf(listed).items.every((m: { company_name: string }) => m.company_name === 'Acme')).toBe(true);
    const bulk = await call(
      'POST',
      '/bulk',
      { 'x-api-key': key },
      { ani: '+12125552301', text: 'bulk by key', numbers: ['+14155550111', '+14155550112'] },
    );
    expect(bulk.statusCode).toBe(201);
    bodyOf(bulk);

    const list = bodyOf(await call('GET', '/api_key/list', acme));
    expect(list.items).toHaveLength(1);
    expect(list.items[0].last_used_on).toEqual(expect.any(String));
    expect(list.items[0]).not.toHaveProperty('key_hash');
    // the company's Account SID for the Twilio-compatible calls: AC and its uuid without dashes
    const acmeUuid = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Acme')
        .executeTakeFirstOrThrow()
    ).company_uuid;
    expect(list.account_sid).toBe(`AC${acmeUuid.replace(/-/g, '')}`);

    // another company's key cannot read this message; other companies do not see the key
    const other = bodyOf(await call('POST', '/api_key', globex, { name: 'Globex app' })).key;
    expect((await call('GET', `/sms/${sms.sms_uuid}`, { 'x-api-key': other })).statusCode).toBe(404);
    expect(bodyOf(await call('GET', '/api_key/list', globex)).items.map((k: { name: string }) => k.name)).toEqual([
      'Globex app',
    ]);
    expect((await call('DELETE', `/api_key/${api_key.api_key_uuid}`, globex)).statusCode).toBe(404);

    const revoked = await call('DELETE', `/api_key/${api_key.api_key_uuid}`, acme);
    expect(revoked.statusCode).toBe(200);
    bodyOf(revoked);
    const after = await call('POST', '/sms', { 'x-api-key': key }, hello);
    expect(after.statusCode).toBe(401);
    expect(bodyOf(after).detail).toMatch(/revoked/);
    expect(bodyOf(await call('GET', '/api_key/list', acme)).items).toEqual([]);
    for (const body of seen) expect(body).not.toContain(key);
  });

  it("pages the company's keys, newest first, with the total", async () => {
    for (const name of ['Paged 1', 'Paged 2', 'Paged 3'])
      expect((await call('POST', '/api_key', globex, { name })).statusCode).toBe(201);
    const whole = bodyOf(await call('GET', '/api_key/list', globex));
    expect(whole).toMatchObject({ total: whole.items.length, per_page: 50 });
    expect(whole.items.length).toBeGreaterThanOrEqual(3);
    const names: string[] = [];
    for (let page = 0; page * 2 < whole.total; page++) {
      const got = bodyOf(await call('GET', `/api_key/list?per_page=2&page=${page}`, globex));
      expect(got).toMatchObject({ total: whole.total, per_page: 2 });
      names.push(...got.items.map((k: { name: string }) => k.name));
    }
    expect(names).toEqual(whole.items.map((k: { name: string }) => k.name));
    expect(names.slice(0, 3)).toEqual(['Paged 3', 'Paged 2', 'Paged 1']);
    expect((await call('GET', '/api_key/list?per_page=101', globex)).statusCode).toBe(400);
  });

  it('still opens with a key made before the test/live kinds (smsc_ and its 12-character prefix), as live', async () => {
    const key = `smsc_${randomBytes(32).toString('base64url')}`;
    const me = await t.app.db
      .selectFrom('users')
      .select(['uuid', 'company_uuid'])
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('api_keys')
      .values({
        company_uuid: me.company_uuid as string,
        created_by: me.uuid,
        name: 'Before kinds',
        prefix: key.slice(0, 12),
        key_hash: hashKey(key).toString('hex'),
      })
      .execute();
    const sent = await call('POST', '/sms', { 'x-api-key': key }, hello);
    expect(sent.statusCode).toBe(201);
    expect(bodyOf(sent).sms.sandbox).toBe(false);
  });

  it('refuses a key on every other route, a wrong or missing key, and keys to other roles', async () => {
    const { key } = (await call('POST', '/api_key', acme, { name: 'ops' })).json();
    for (const [method, url] of [
      ['GET', '/home'],
      ['GET', '/api_key/list'],
      ['GET', '/user/list'],
      ['PATCH', '/sms/00000000-0000-4000-8000-000000000000'],
      ['GET', '/audit/list'],
    ] as const) {
      const res = await call(method, url, { 'x-api-key': key }, method === 'PATCH' ? { text: 'x' } : undefined);
      expect([url, res.statusCode]).toEqual([url, 401]);
    }
    // a key next to a valid session does not widen the session's reach either
    expect((await call('GET', '/home', { ...acme, 'x-api-key': key })).statusCode).toBe(401);
    expect((await call('POST', '/sms', { 'x-api-key': `${key.slice(0, 20)}x` }, hello)).statusCode).toBe(401);
    expect((await call('POST', '/sms', { 'x-api-key': 'short' }, hello)).statusCode).toBe(401);
    for (const who of [acmeUser, admin])
      expect((await call('POST', '/api_key', who, { name: 'nope' })).statusCode).toBe(403);
    expect((await call('POST', '/api_key', acme, { name: '' })).statusCode).toBe(400);
  });

  it('scopes: send keeps the sending calls, read opens balance and lists, manage changes things; none opens key management', async () => {
    const keyWith = async (scopes?: string[]) => {
      const res = await call('POST', '/api_key', acme, { name: `scopes ${scopes?.join('+') ?? 'default'}`, scopes });
      expect(res.statusCode).toBe(201);
      return res.json() as { key: string; api_key: { scopes: string[] } };
    };
    const byDefault = await keyWith();
    expect(byDefault.api_key.scopes).toEqual(['send']);
    const send = { 'x-api-key': byDefault.key };
    const readKey = await keyWith(['read']);
    const read = { 'x-api-key': readKey.key };
    const manageKey = await keyWith(['manage', 'send']);
    // listed in one order whatever order they were picked in
    expect(manageKey.api_key.scopes).toEqual(['send', 'manage']);
    const manage = { 'x-api-key': manageKey.key };
    const webhook = { url: 'https://example.com/hooks/scopes', events: ['message.delivered'] };

    // send: sending and its own messages; not the balance or webhooks
    expect((await call('POST', '/sms', send, hello)).statusCode).toBe(201);
    expect((await call('GET', '/sms/list?per_page=1', send)).statusCode).toBe(200);
    for (const url of ['/balance', '/webhook/list', '/transaction/list', '/did/company/list'])
      expect([url, (await call('GET', url, send)).statusCode]).toEqual([url, 403]);
    const refused = bodyOf(await call('GET', '/balance', send));
    expect(refused.detail).toMatch(/needs read/);

    // read: balance, transactions, webhooks, numbers, messages; no sending, no changes
    const balance = await call('GET', '/balance', read);
    expect(balance.statusCode).toBe(200);
    expect(bodyOf(balance)).toHaveProperty('balance');
    for (const url of ['/webhook/list', '/transaction/list', '/did/company/list', '/sms/list?per_page=1'])
      expect([url, (await call('GET', url, read)).statusCode]).toEqual([url, 200]);
    expect((await call('POST', '/sms', read, hello)).statusCode).toBe(403);
    expect((await call('POST', '/webhook', read, webhook)).statusCode).toBe(403);

    // manage: changes (and reads, which it includes); key management stays a signed-in person's
    const made = await call('POST', '/suppressed_number', manage, { number: '+1 415 555 0199' });
    expect(made.statusCode).toBe(201);
    const id = bodyOf(made).suppressed_number.suppressed_number_uuid;
    expect((await call('GET', '/suppressed_number/list', manage)).statusCode).toBe(200);
    expect((await call('DELETE', `/suppressed_number/${id}`, read)).statusCode).toBe(403);
    expect((await call('DELETE', `/suppressed_number/${id}`, manage)).statusCode).toBe(200);
    expect((await call('GET', '/webhook/list', manage)).statusCode).toBe(200);
    expect((await call('POST', '/sms', manage, hello)).statusCode).toBe(201);
    for (const h of [send, read, manage]) {
      expect((await call('GET', '/api_key/list', h)).statusCode).toBe(401);
      expect((await call('POST', '/api_key', h, { name: 'by a key' })).statusCode).toBe(401);
    }
    // a scope outside the list is refused when the key is made
    expect((await call('POST', '/api_key', acme, { name: 'bad', scopes: ['admin'] })).statusCode).toBe(400);
    expect((await call('POST', '/api_key', acme, { name: 'none', scopes: [] })).statusCode).toBe(400);
  });

  it("narrows a key to its creator's current role: demoted to company user, it reaches only their own", async () => {
    const { key } = (await call('POST', '/api_key', acme, { name: 'before demotion' })).json();
    const staffSms = bodyOf(await call('POST', '/sms', acmeUser, { ...hello, text: 'from the company user' })).sms;
    const byKey = { 'x-api-key': key };
    expect((await call('GET', `/sms/${staffSms.sms_uuid}`, byKey)).statusCode).toBe(200);
    const creator = { email: 'acme-admin@example.com' };
    const demote = (user_type: 'user' | 'company_admin') =>
      t.app.db
        .updateTable('users')
        .set({ user_type, is_admin: user_type === 'company_admin' })
        .where('email', '=', creator.email)
        .execute();
    await demote('user');
    try {
      expect((await call('GET', `/sms/${staffSms.sms_uuid}`, byKey)).statusCode).toBe(404);
      const listed = bodyOf(await call('GET', '/sms/list?per_page=100', byKey));
      expect(listed.items.length).toBeGreaterThan(0);
      for (const m of listed.items) expect(m.user_email).toBe(creator.email);
      // what a company user may still do, the key still does
      expect((await call('POST', '/sms', byKey, hello)).statusCode).toBe(201);
    } finally {
      await demote('company_admin');
    }
    expect((await call('GET', `/sms/${staffSms.sms_uuid}`, byKey)).statusCode).toBe(200);
  });

  it('stops a key when its creator is deleted', async () => {
    const leaver = await t.app.db
      .insertInto('users')
      .values({
        email: 'acme-leaver@example.com',
        password_hash: 'x',
        full_name: 'Leaver',
        user_type: 'company_admin',
        is_admin: true,
        is_active: true,
        company_uuid: (await t.app.users.findByEmail('acme-admin@example.com'))?.company_uuid as string,
        reseller_uuid: null,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const { key } = (await call('POST', '/api_key', acme, { name: 'to hand over' })).json();
    await t.app.db
      .updateTable('api_keys')
      .set({ created_by: leaver.uuid })
      .where('name', '=', 'to hand over')
      .execute();
    expect((await call('POST', '/sms/quote', { 'x-api-key': key }, { text: 'hi' })).statusCode).toBe(200);
    await t.app.db.deleteFrom('users').where('uuid', '=', leaver.uuid).execute();
    expect((await call('POST', '/sms/quote', { 'x-api-key': key }, { text: 'hi' })).statusCode).toBe(401);
  });

  it('stops a key when its creator is deactivated', async () => {
    const { key } = (await call('POST', '/api_key', acme, { name: 'until they leave' })).json();
    const admin = await t.app.db
      .selectFrom('users')
      .select('uuid')
      .where('email', '=', 'acme-admin@example.com')
      .executeTakeFirstOrThrow();
    await t.app.db.updateTable('users').set({ is_active: false }).where('uuid', '=', admin.uuid).execute();
    try {
      expect((await call('POST', '/sms/quote', { 'x-api-key': key }, { text: 'hi' })).statusCode).toBe(401);
    } finally {
      await t.app.db.updateTable('users').set({ is_active: true }).where('uuid', '=', admin.uuid).execute();
    }
  });
});

describe('API keys of a deactivated user', () => {
  let t: TestApp;
  let acme: Headers;
  const call = (method: 'GET' | 'POST' | 'DELETE' | 'PATCH', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  beforeAll(async () => {
    t = await createTestApp();
    acme = bearer(await login(t.app, 'acme-admin@example.com'));
  }, 120_000);
  afterAll(async () => t.close());

  it('stay revoked when the user is reactivated, and the list says why', async () => {
    const company_uuid = (await t.app.users.findByEmail('acme-admin@example.com'))?.company_uuid as string;
    const colleague = await t.app.db
      .insertInto('users')
      .values({
        email: 'acme-colleague@example.com',
        password_hash: 'x',
        full_name: 'Colleague',
        user_type: 'company_admin',
        is_admin: true,
        is_active: true,
        company_uuid,
        reseller_uuid: null,
      })
      .returning('uuid')
      .executeTakeFirstOrThrow();
    const { key, api_key } = (await call('POST', '/api_key', acme, { name: 'colleague key' })).json();
    const kept = (await call('POST', '/api_key', acme, { name: 'my own key' })).json();
    // as if the colleague had created it
    await t.app.db
      .updateTable('api_keys')
      .set({ created_by: colleague.uuid })
      .where('api_key_uuid', '=', api_key.api_key_uuid)
      .execute();
    const byKey = { 'x-api-key': key };
    expect((await call('POST', '/sms/quote', byKey, { text: 'hi' })).statusCode).toBe(200);

    expect((await call('PATCH', `/user/${colleague.uuid}`, acme, { is_active: false })).statusCode).toBe(200);
    expect((await call('POST', '/sms/quote', byKey, { text: 'hi' })).statusCode).toBe(401);
    expect((await call('PATCH', `/user/${colleague.uuid}`, acme, { is_active: true })).statusCode).toBe(200);
    // back at work, the colleague's old key does not come back: a new one has to be made
    expect((await call('POST', '/sms/quote', byKey, { text: 'hi' })).statusCode).toBe(401);
    expect((await call('POST', '/sms/quote', { 'x-api-key': kept.key }, { text: 'hi' })).statusCode).toBe(200);

    const items = (await call('GET', '/api_key/list', acme)).json().items as {
      api_key_uuid: string;
      revoked_on?: string | null;
      revoked_reason?: string | null;
    }[];
    expect(items.find((k) => k.api_key_uuid === api_key.api_key_uuid)).toMatchObject({
      revoked_on: expect.any(String),
      revoked_reason: 'creator_deactivated',
    });
    expect(items.find((k) => k.api_key_uuid === kept.api_key.api_key_uuid)).toMatchObject({ revoked_on: null });
    // removing it from the list is the same revoke call
    expect((await call('DELETE', `/api_key/${api_key.api_key_uuid}`, acme)).statusCode).toBe(200);
    const after = (await call('GET', '/api_key/list', acme)).json().items as { api_key_uuid: string }[];
    expect(after.map((k) => k.api_key_uuid)).not.toContain(api_key.api_key_uuid);
    expect((await call('DELETE', `/api_key/${api_key.api_key_uuid}`, acme)).statusCode).toBe(404);
  });
});
