import { Writable } from 'node:stream';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fieldsOf } from '../testing/problem-answers';
import { fieldErrorsOf } from '../testing/problem-answers';

/** Collects the server's JSON log lines so tests can read what was logged and at which level. */
function logSink() {
  const lines: { level: number; [k: string]: unknown }[] = [];
  const raw: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const line of String(chunk).split('\n').filter(Boolean)) {
        raw.push(line);
        lines.push(JSON.parse(line));
      }
      done();
    },
  });
  return { stream, lines, raw };
}

describe('input the database cannot store, and fields a caller may not set', () => {
  let t: TestApp;
  const sink = logSink();
  let admin: Record<string, string>;
  let reseller: Record<string, string>;
  let acmeAdmin: Record<string, string>;
  let acmeUuid: string;
  beforeAll(async () => {
    t = await createTestApp({ logger: true, logStream: sink.stream });
    admin = bearer(await login(t.app, 'admin@example.com'));
    reseller = bearer(await login(t.app, 'reseller@example.com'));
    acmeAdmin = bearer(await login(t.app, 'acme-admin@example.com'));
    acmeUuid = (
      await t.app.db
        .selectFrom('users')
        .select('company_uuid')
        .where('email', '=', 'acme-admin@example.com')
        .executeTakeFirstOrThrow()
    ).company_uuid as string;
  });
  afterAll(async () => t.close());

  const NUL_CASES: [string, string, string, Record<string, unknown> | undefined, string, 'admin' | 'acme' | 'none'][] =
    [
      ['GET', '/company/list?company_name=a%00b', 'company_name', undefined, 'company list', 'admin'],
      ['GET', '/user/list?user_name=a%00b', 'user_name', undefined, 'user list', 'admin'],
      ['GET', '/reseller/list?reseller_name=a%00b', 'reseller_name', undefined, 'reseller list', 'admin'],
      ['GET', '/stop_text/list?text=a%00b', 'text', undefined, 'stop text list', 'admin'],
      ['GET', '/payment_term/list?name=a%00b', 'name', undefined, 'payment term list', 'admin'],
      ['GET', '/country/list?nice_name=a%00b', 'nice_name', undefined, 'country list', 'admin'],
      ['PATCH', '/home', 'full_name', { full_name: 'a\u0000b' }, 'own profile', 'acme'],
      ['POST', '/reseller', 'reseller_name', { reseller_name: 'a\u0000b' }, 'new reseller', 'admin'],
      [
        'POST',
        '/auth',
        'email',
        { email: 'nobody\u0000@example.com', password: 'whatever-123' },
        'sign-in, no token',
        'none',
      ],
      [
        'POST',
        '/stop_text/create',
        'filter.text',
        { filter: { text: 'half \ud800 pair' } },
        'nested unpaired surrogate',
        'admin',
      ],
    ];

  it.each(NUL_CASES)('%s %s answers 400 naming %s', async (method, url, field, payload, _what, who) => {
    const headers = who === 'admin' ? admin : who === 'acme' ? acmeAdmin : {};
    const res = await t.app.inject({ method: method as 'GET', url: api(url), headers, payload });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(fieldsOf(res))).toEqual([field]);
  });

  it('PATCH /company/:id with NUL in the name answers 400 and changes nothing', async () => {
    const before = await t.app.db
      .selectFrom('companies')
      .select('company_name')
      .where('company_uuid', '=', acmeUuid)
      .executeTakeFirstOrThrow();
    const res = await t.app.inject({
      method: 'PATCH',
      url: api(`/company/${acmeUuid}`),
      headers: admin,
      payload: { company_name: 'x\u0000y' },
    });
    expect(res.statusCode).toBe(400);
    expect(fieldErrorsOf(res)).toEqual({ errors: { company_name: expect.stringContaining('NUL') } });
    const after = await t.app.db
      .selectFrom('companies')
      .select('company_name')
      .where('company_uuid', '=', acmeUuid)
      .executeTakeFirstOrThrow();
    expect(after).toEqual(before);
  });

  it('a paired surrogate (an emoji) is stored text and passes', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: api('/stop_text/create'),
      headers: admin,
      payload: { filter: { text: 'STOP 🙅 now' } },
    });
    expect(res.statusCode).toBe(201);
  });

  it('protected fields a route does not accept answer 400 naming them instead of being dropped', async () => {
    const home = await t.app.inject({
      method: 'PATCH',
      url: api('/home'),
      headers: acmeAdmin,
      payload: { full_name: 'Acme Admin', company_uuid: acmeUuid },
    });
    expect(home.statusCode).toBe(400);
    expect(fieldsOf(home)).toHaveProperty('company_uuid');
    const userType = await t.app.inject({
      method: 'POST',
      url: api('/user'),
      headers: acmeAdmin,
      payload: { email: 'typed@example.com', password: 'Passw0rd-long', full_name: 'T', user_type: 'admin' },
    });
    expect(userType.statusCode).toBe(400);
    expect(fieldsOf(userType)).toHaveProperty('user_type');
    const nested = await t.app.inject({
      method: 'POST',
      url: api('/stop_text/create'),
      headers: reseller,
      payload: { filter: { text: 'MINE', reseller_uuid: acmeUuid } },
    });
    expect(nested.statusCode).toBe(400);
    expect(fieldsOf(nested)).toHaveProperty(['filter.reseller_uuid']);
    const isAdmin = await t.app.inject({
      method: 'PATCH',
      url: api('/home'),
      headers: acmeAdmin,
      payload: { is_admin: false },
    });
    expect(isAdmin.statusCode).toBe(400);
    expect(
      await t.app.db.selectFrom('users').select('uuid').where('email', '=', 'typed@example.com').executeTakeFirst(),
    ).toBeUndefined();
    // an empty key is a key too (found by the fuzzer: it reached SQL as a column name)
    const empty = await t.app.inject({
      method: 'POST',
      url: api('/payment_term/create'),
      headers: admin,
      payload: { name: 'Net 5', days: 5, '': '' },
    });
    expect(empty.statusCode).toBe(400);
    expect(fieldsOf(empty)).toHaveProperty(['(empty key)']);
  });

  it('declared ownership fields the caller may not use answer 403', async () => {
    const otherCompany = (
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_uuid', '!=', acmeUuid)
        .executeTakeFirstOrThrow()
    ).company_uuid;
    const user = await t.app.inject({
      method: 'POST',
      url: api('/user'),
      headers: acmeAdmin,
      payload: { email: 'moved@example.com', password: 'Passw0rd-long', full_name: 'M', company_uuid: otherCompany },
    });
    expect(user.statusCode).toBe(403);
    const own = await t.app.inject({
      method: 'POST',
      url: api('/user'),
      headers: acmeAdmin,
      payload: { email: 'own-co@example.com', password: 'Passw0rd-long-1', full_name: 'O', company_uuid: acmeUuid },
    });
    expect(own.statusCode).toBe(201);
    const reseller2 = await t.app.db
      .insertInto('resellers')
      .values({ reseller_name: 'Elsewhere' })
      .returning('reseller_uuid')
      .executeTakeFirstOrThrow();
    const company = await t.app.inject({
      method: 'POST',
      url: api('/company'),
      headers: reseller,
      payload: { company_name: 'Not Mine', reseller_uuid: reseller2.reseller_uuid },
    });
    expect(company.statusCode).toBe(403);
    expect(
      await t.app.db
        .selectFrom('companies')
        .select('company_uuid')
        .where('company_name', '=', 'Not Mine')
        .executeTakeFirst(),
    ).toBeUndefined();
  });

  it('a client mistake is never logged at error level', () => {
    expect(sink.lines.length).toBeGreaterThan(0);
    expect(sink.lines.filter((l) => l.level >= 50)).toEqual([]);
  });

  it('an error log carries no password, token or body', async () => {
    const token = 'A'.repeat(20) + 'secretresettoken';
    const adminToken = admin.authorization.slice(7);
    const before = sink.raw.length;
    // Take tables away under the running server: every call that needs them fails with a 500.
    const tables = ['users', 'action_tokens', 'companies'];
    for (const name of tables) await sql.raw(`alter table ${name} rename to ${name}_gone`).execute(t.app.db);
    let reset, signIn, read;
    try {
      reset = await t.app.inject({
        method: 'POST',
        url: api(`/auth/reset_password/${token}`),
        payload: { passwd: 'Very-secret-pass-9' },
      });
      signIn = await t.app.inject({
        method: 'POST',
        url: api('/auth'),
        payload: { email: 'admin@example.com', password: 'Another-secret-7' },
      });
      read = await t.app.inject({
        method: 'GET',
        url: api('/company/list'),
        headers: { authorization: `Bearer ${adminToken}` },
      });
    } finally {
      for (const name of tables) await sql.raw(`alter table ${name}_gone rename to ${name}`).execute(t.app.db);
    }
    expect([reset.statusCode, signIn.statusCode, read.statusCode]).toEqual([500, 500, 500]);
    const logged = sink.raw.slice(before).join('\n');
    const errors = sink.lines.slice(before).filter((l) => l.level >= 50);
    expect(errors.length).toBe(3);
    for (const secret of [token, 'Very-secret-pass-9', 'Another-secret-7', adminToken, 'passwd', '"password"'])
      expect(logged).not.toContain(secret);
    expect(errors.map((e) => e.route)).toEqual([
      api('/auth/reset_password/:token'),
      api('/auth'),
      api('/company/list'),
    ]);
  });
});
