import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { smppOf } from '.';
import { connect } from './test-client';
import * as systemIds from './system-id';
import { fieldsOf } from '../testing/problem-answers';

type Headers = Record<string, string>;

describe('SMPP accounts: tenancy, validation, audit log', () => {
  let t: TestApp;
  let admin: Headers, reseller: Headers, acme: Headers, acmeUser: Headers, globex: Headers;
  let acmeCo: string, globexCo: string;
  let acmeGw: string;
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: Headers, payload?: object) =>
    t.app.inject({ method, url: api(url), headers, payload });
  const co = async (name: string) =>
    (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', name)
        .executeTakeFirstOrThrow()
    ).company_uuid;

  beforeAll(async () => {
    t = await createTestApp();
    const tokens: Headers[] = [];
    for (const u of ['admin', 'reseller', 'acme-admin', 'acme-user', 'globex-admin'])
      tokens.push(bearer(await login(t.app, `${u}@example.com`)));
    [admin, reseller, acme, acmeUser, globex] = tokens;
    acmeCo = await co('Acme');
    globexCo = await co('Globex');
  }, 120_000);
  afterAll(async () => t.close());

  it('a company admin creates its own account (password hashed, never answered); another company cannot read, change or delete it', async () => {
    const res = await call('POST', '/smpp_account', acme, {
      system_id: 'acme-gw',
      password: 'pa55word',
      allowed_ips: ['198.51.100.0/24', '2001:db8::/32'],
      tps: 20,
      default_ani: '+12125552301',
    });
    expect(res.statusCode).toBe(201);
    const a = res.json().smpp_account;
    expect(a).toMatchObject({
      company_uuid: acmeCo,
      company_name: 'Acme',
      tps: 20,
      max_binds: 2,
      locked_until: null,
      failed_binds: 0,
    });
    // a company admin's system_id is its request and a random suffix: unique without asking whether it is taken
    expect(a.system_id).toMatch(/^acme-gw-[a-z2-9]{4}$/);
    acmeGw = a.system_id;
    expect(a).not.toHaveProperty('password');
    expect(a).not.toHaveProperty('password_hash');
    const stored = await t.app.db
      .selectFrom('smpp_accounts')
      .select('password_hash')
      .where('smpp_account_uuid', '=', a.smpp_account_uuid)
      .executeTakeFirstOrThrow();
    expect(stored.password_hash).toMatch(/^\$scrypt\$/);

    for (const [method, body] of [
      ['GET', undefined],
      ['PATCH', { tps: 1 }],
      ['DELETE', undefined],
    ] as const)
      expect((await call(method, `/smpp_account/${a.smpp_account_uuid}`, globex, body)).statusCode).toBe(404);
    expect((await call('GET', `/smpp_account/${a.smpp_account_uuid}/binds`, globex)).statusCode).toBe(404);
    expect((await call('GET', '/smpp_account/list', globex)).json().items).toEqual([]);
    // a company user manages no SMPP account
    expect((await call('GET', '/smpp_account/list', acmeUser)).statusCode).toBe(403);
    // naming another company is refused
    expect(
      (await call('POST', '/smpp_account', acme, { system_id: 'x1', password: 'pa55word', company_uuid: globexCo }))
        .statusCode,
    ).toBe(403);
    // another company cannot use it either: its admin's credentials are not the account's
    const listed = (await call('GET', '/smpp_account/list', acme)).json();
    expect(listed).toMatchObject({ total: 1, items: [{ system_id: acmeGw, binds: 0 }] });
  });

  it('the reseller manages its companies’ accounts (not a direct company’s), the admin all; both name the company', async () => {
    expect((await call('POST', '/smpp_account', reseller, { system_id: 'r1', password: 'pa55word' })).statusCode).toBe(
      400,
    );
    // Globex is the platform's own company, not the reseller's
    const body = { system_id: 'globex-gw', password: 'pa55word', company_uuid: globexCo };
    expect((await call('POST', '/smpp_account', reseller, body)).statusCode).toBe(404);
    const globexAccount = await call('POST', '/smpp_account', admin, body);
    expect(globexAccount.statusCode).toBe(201);
    expect(
      (await call('GET', `/smpp_account/${globexAccount.json().smpp_account.smpp_account_uuid}`, reseller)).statusCode,
    ).toBe(404);
    const made = await call('POST', '/smpp_account', reseller, {
      system_id: 'acme-r',
      password: 'pa55word',
      company_uuid: acmeCo,
    });
    expect(made.statusCode).toBe(201);
    const id = made.json().smpp_account.smpp_account_uuid;
    // the reseller's too is a prefix; the system admin's (globex-gw) is kept exactly
    expect(made.json().smpp_account.system_id).toMatch(/^acme-r-[a-z2-9]{4}$/);
    expect(globexAccount.json().smpp_account.system_id).toBe('globex-gw');
    const seen = (await call('GET', '/smpp_account/list?per_page=50', reseller))
      .json()
      .items.map((a: { system_id: string }) => a.system_id);
    expect(seen.sort()).toEqual([acmeGw, made.json().smpp_account.system_id]);
    expect((await call('GET', '/smpp_account/list?per_page=50', admin)).json().total).toBe(3);
    const patched = await call('PATCH', `/smpp_account/${id}`, admin, { max_binds: 4, is_active: false });
    expect(patched.json().smpp_account).toMatchObject({ max_binds: 4, is_active: false });
    expect((await call('DELETE', `/smpp_account/${id}`, reseller)).statusCode).toBe(200);
    expect((await call('GET', `/smpp_account/${id}`, admin)).statusCode).toBe(404);
    const log = await t.app.db
      .selectFrom('audit_log')
      .select(['action', 'changes', 'company_uuid'])
      .where('entity', '=', 'smpp_account')
      .where('entity_id', '=', id)
      .orderBy('at')
      .execute();
    expect(log.map((l) => [l.action, l.company_uuid])).toEqual([
      ['create', acmeCo],
      ['update', acmeCo],
      ['delete', acmeCo],
    ]);
    expect(log[0].changes.password_hash).toEqual({ before: null, after: '[redacted]' });
    expect(log[1].changes).toEqual({
      max_binds: { before: 2, after: 4 },
      is_active: { before: true, after: false },
    });
  });

  it('refuses the system admin a taken system_id, a bad CIDR and a password SMPP cannot carry', async () => {
    const dup = await call('POST', '/smpp_account', admin, {
      system_id: 'GLOBEX-GW',
      password: 'pa55word',
      company_uuid: acmeCo,
    });
    expect(dup.statusCode).toBe(400);
    expect(fieldsOf(dup).system_id).toMatch(/taken/);
    const cidr = await call('POST', '/smpp_account', acme, {
      system_id: 'c1',
      password: 'pa55word',
      allowed_ips: ['10.0.0.0/33'],
    });
    expect(fieldsOf(cidr).allowed_ips).toMatch(/10\.0\.0\.0\/33/);
    expect((await call('POST', '/smpp_account', acme, { system_id: 'c2', password: 'longer-than-8' })).statusCode).toBe(
      400,
    );
  });

  it('tells a company admin nothing of the system_ids other companies hold: a taken one comes back 201 with a suffix', async () => {
    // globex-gw is Globex's: the system admin gave it that exact id above
    const res = await call('POST', '/smpp_account', acme, { system_id: 'globex-gw', password: 'pa55word' });
    expect(res.statusCode).toBe(201);
    const made = res.json().smpp_account;
    expect(made.system_id).toMatch(/^globex-gw-[a-z2-9]{4}$/);
    expect(made.company_name).toBe('Acme');
    expect(res.body).not.toMatch(/taken|exists|another|Globex"/i);
    // the request past 10 characters is cut: SMPP 3.4 carries 15
    const long = await call('POST', '/smpp_account', acme, { system_id: 'abcdefghijklmno', password: 'pa55word' });
    expect(long.json().smpp_account.system_id).toMatch(/^abcdefghij-[a-z2-9]{4}$/);
    // a suffix that collides, with another company's id or its own, is drawn again and never reported
    const draw = jest
      .spyOn(systemIds, 'suffixedSystemId')
      .mockReturnValueOnce('GLOBEX-GW')
      .mockReturnValueOnce(made.system_id);
    try {
      const again = await call('POST', '/smpp_account', acme, { system_id: 'globex-gw', password: 'pa55word' });
      expect(again.statusCode).toBe(201);
      expect(draw).toHaveBeenCalledTimes(3);
      expect(again.json().smpp_account.system_id).toMatch(/^globex-gw-[a-z2-9]{4}$/);
      expect(again.json().smpp_account.system_id).not.toBe(made.system_id);
    } finally {
      draw.mockRestore();
    }
  });

  it('a password change ends the binds open with the old one; the binds list shows them meanwhile', async () => {
    const res = await call('POST', '/smpp_account', acme, { system_id: 'acme-live', password: 'first1' });
    const { smpp_account_uuid: id, system_id } = res.json().smpp_account;
    const c = await connect(smppOf(t.app).port as number);
    expect(await c.bind('bind_transceiver', system_id, 'first1')).toBe(0);
    const binds = (await call('GET', `/smpp_account/${id}/binds`, acme)).json().items;
    expect(binds).toEqual([
      expect.objectContaining({
        bind_type: 'transceiver',
        submits: 0,
        receipts: 0,
        rate: 0,
        since: expect.any(String),
      }),
    ]);
    const closed = new Promise<void>((resolve) => c.session.on('close', () => resolve()));
    c.session.on('unbind', (pdu) => {
      c.session.send(pdu.response());
      c.session.close();
    });
    expect((await call('PATCH', `/smpp_account/${id}`, acme, { password: 'second2' })).statusCode).toBe(200);
    await closed;
    const open = async () => (await call('GET', `/smpp_account/${id}/binds`, acme)).json().items.length;
    for (let i = 0; i < 50 && (await open()); i++) await new Promise((r) => setTimeout(r, 20));
    expect(await open()).toBe(0);
    await c.close();
  });
});
