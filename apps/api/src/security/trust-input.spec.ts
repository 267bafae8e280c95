import { api, createTestApp, type TestApp } from '../testing/test-app';
import { signToken } from '../lib/tokens';
import { operationsOf, type JsonSchema, type Operation } from './fuzz/openapi-operations';
import { isDateField, isNumeric } from './fuzz/plausible';
import { PROTO_KEYS } from './fuzz/classes';
import { fieldErrorsOf } from '../testing/problem-answers';
import { accountSidOf } from '../twilio-compat';

// Each class of input an outside probe answered 500 to, sent to every route of the class (taken from the
// OpenAPI document, so a route added later is covered too), plus the instances the probe reported.
describe('bad input answers 4xx on every route: prototype-named keys, non-finite numbers, impossible dates, body types', () => {
  let t: TestApp;
  let ops: Operation[];
  const users = new Map<string, { uuid: string; user_type: string; email: string }>();
  /** A fresh token per request: a route that signs out or changes a password ends only that session. */
  const tokenOf = (email: string) => {
    const u = users.get(email) as { uuid: string; user_type: 'admin'; email: string };
    const { token } = signToken(t.app.config.jwtSecret, { sub: u.uuid, typ: u.user_type, email }, 600);
    return { authorization: `Bearer ${token}` };
  };
  const admin = 'admin@example.com';
  /** the Twilio-compatible calls take Basic credentials only (Acme's AccountSid and API key), not a session */
  let acmeSid = '';
  let basic: Record<string, string> = {};
  const acme = 'acme-admin@example.com';
  beforeAll(async () => {
    t = await createTestApp();
    for (const u of await t.app.db.selectFrom('users').select(['uuid', 'user_type', 'email']).execute())
      users.set(u.email, u);
    ops = operationsOf(t.app.swagger() as never);
    const made = await t.app.inject({
      method: 'POST',
      url: api('/api_key'),
      headers: tokenOf(acme),
      payload: { name: 'Trust input', scopes: ['send', 'read'] },
    });
    const row = await t.app.db
      .selectFrom('users')
      .select('company_uuid')
      .where('email', '=', acme)
      .executeTakeFirstOrThrow();
    acmeSid = accountSidOf(row.company_uuid as string);
    basic = { authorization: `Basic ${Buffer.from(`${acmeSid}:${made.json().key}`).toString('base64')}` };
  }, 120_000);
  afterAll(async () => t.close());

  const send = (who: string, method: string, url: string, payload?: string | Buffer, type = 'application/json') =>
    t.app.inject({
      method: method as 'GET',
      url,
      headers: { ...tokenOf(who), ...(payload !== undefined ? { 'content-type': type } : {}) },
      ...(payload !== undefined ? { payload } : {}),
    });
  /** A path with a uuid that names nothing in every parameter: the checks under test run before any lookup. */
  const pathOf = (op: Operation) =>
    op.pathParams.reduce((p, x) => p.replace(`{${x.name}}`, '00000000-0000-4000-8000-000000000000'), op.path);
  const objectBodies = () =>
    ops.filter(
      (op): op is Operation & { body: JsonSchema } =>
        !!op.body?.properties && !op.body.additionalProperties && op.method !== 'GET',
    );

  it('refuses a body key named like an Object.prototype member, at the top and nested, on every route (400)', async () => {
    const wrong: string[] = [];
    const routes = objectBodies();
    expect(routes.length).toBeGreaterThan(50);
    for (const op of routes) {
      for (const key of PROTO_KEYS.filter((k) => k !== '__proto__')) {
        const res = await send(admin, op.method, pathOf(op), `{"${key}":1}`);
        // 403/404: a route the admin may not call, or whose id names nothing, is refused before the body is read
        if (![400, 403, 404].includes(res.statusCode) || (res.statusCode === 400 && !res.body.includes(key)))
          wrong.push(`${op.method} ${op.path} {${key}} -> ${res.statusCode} ${res.body.slice(0, 80)}`);
      }
    }
    expect(wrong).toEqual([]);
  }, 300_000);

  it('orders every list by a column it names only: order_by named like a prototype member is ignored, never a 500', async () => {
    const wrong: string[] = [];
    const lists = ops.filter((op) => op.method === 'GET' && op.query.some((q) => q.name === 'order_by'));
    expect(lists.length).toBeGreaterThan(20);
    for (const op of lists)
      for (const who of [admin, acme])
        for (const key of PROTO_KEYS) {
          const res = await send(who, 'GET', `${pathOf(op)}?order_by=${key}`);
          if (res.statusCode >= 500) wrong.push(`${op.path}?order_by=${key} -> ${res.statusCode}`);
        }
    expect(wrong).toEqual([]);
    expect((await send(acme, 'GET', api('/invoice/list?order_by=__proto__'))).statusCode).toBe(200);
  }, 300_000);

  it('names the nested prototype key the probe used (stop text, vendor, product, payment term)', async () => {
    const cases: [string, string, object, string][] = [
      [
        'POST',
        '/stop_text/create',
        { filter: { text: 'OPT OUT 7', is_active: false, toString: 'x' } },
        'filter.toString',
      ],
      ['POST', '/vendor', { vendor_name: 'V', vendor_type: 'sms', status: 'active', constructor: [] }, 'constructor'],
      ['POST', '/payment_term/create', { name: 'N', days: 30, is_active: false, valueOf: 1 }, 'valueOf'],
      ['POST', '/payment_term/create', { name: 'N', days: 30, hasOwnProperty: 1 }, 'hasOwnProperty'],
    ];
    for (const [method, url, body, field] of cases) {
      const res = await send(admin, method, api(url), JSON.stringify(body));
      expect([url, res.statusCode, fieldErrorsOf(res)]).toEqual([
        url,
        400,
        { errors: { [field]: 'is not a field of this call' } },
      ]);
    }
    expect((await send(admin, 'POST', api('/vendor'), '{"__proto__":{"x":1}}')).statusCode).toBe(400);
  });

  it('refuses a non-finite number in every numeric query parameter (400), and the probe’s count=Infinity', async () => {
    const wrong: string[] = [];
    const routes = ops.filter((op) => op.method === 'GET' && op.query.some((q) => isNumeric(q.schema)));
    expect(routes.length).toBeGreaterThan(30);
    for (const op of routes)
      for (const q of op.query.filter((x) => isNumeric(x.schema)))
        for (const v of ['Infinity', '-Infinity', '1e999', 'NaN']) {
          const res = op.basicAuth
            ? await t.app.inject({
                method: 'GET',
                url: `${op.path.replace('{AccountSid}', acmeSid)}?${q.name}=${v}`,
                headers: basic,
              })
            : await send(admin, 'GET', `${pathOf(op)}?${q.name}=${v}`);
          if (res.statusCode !== 400 && res.statusCode !== 403 && res.statusCode !== 404)
            wrong.push(`${op.path}?${q.name}=${v} -> ${res.statusCode}`);
        }
    expect(wrong).toEqual([]);
    for (const url of ['/did/search?count=Infinity', '/did/search?count=1e999', '/did/tf/search?count=Infinity']) {
      const res = await send(acme, 'GET', api(url));
      expect([url, res.statusCode, res.json().detail]).toEqual([
        url,
        400,
        'Invalid request: querystring/count must be a finite number',
      ]);
    }
    const list = await send(admin, 'GET', api('/company/list?per_page=-Infinity'));
    expect([list.statusCode, list.json().detail]).toEqual([
      400,
      'Invalid request: querystring/per_page must be a finite number',
    ]);
  }, 300_000);

  it('refuses a non-finite number in every numeric body field (JSON 1e999 reads as Infinity)', async () => {
    const wrong: string[] = [];
    for (const op of objectBodies()) {
      for (const [name] of Object.entries(op.body.properties ?? {}).filter(([, s]) => isNumeric(s))) {
        const res = await send(admin, op.method, pathOf(op), `{"${name}":-1e999}`);
        if (res.statusCode < 400 || res.statusCode >= 500)
          wrong.push(`${op.method} ${op.path} ${name} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    const res = await send(admin, 'POST', api('/payment_term/create'), '{"name":"Forever","days":1e999}');
    expect(res.statusCode).toBe(400);
  });

  it('refuses an impossible date in every date query parameter (400), and on the report routes', async () => {
    const wrong: string[] = [];
    const routes = ops.filter((op) => op.method === 'GET' && op.query.some((q) => isDateField(q.name, q.schema)));
    expect(routes.length).toBeGreaterThan(5);
    for (const op of routes)
      for (const q of op.query.filter((x) => isDateField(x.name, x.schema)))
        for (const v of ['0000-00-00', '2026-02-30', '2026-13-01', '2026-06-01T25:61:00Z']) {
          const res = await send(admin, 'GET', `${pathOf(op)}?${q.name}=${encodeURIComponent(v)}`);
          if (res.statusCode !== 400 && res.statusCode !== 403 && res.statusCode !== 404)
            wrong.push(`${op.path}?${q.name}=${v} -> ${res.statusCode}`);
        }
    expect(wrong).toEqual([]);
    for (const url of ['/sms/report', '/sms/reseller/report', '/sms/recipient/report']) {
      for (const v of ['0000-00-00', '2026-02-30']) {
        const res = await send(url === '/sms/reseller/report' ? admin : acme, 'GET', api(`${url}?date_lte=${v}`));
        expect([url, v, res.statusCode]).toEqual([url, v, 400]);
      }
      const fine = await send(
        url === '/sms/reseller/report' ? admin : acme,
        'GET',
        api(`${url}?date_gte=2024-02-01&date_lte=2024-02-29`),
      );
      expect([url, fine.statusCode, fine.body.slice(0, 100)]).toEqual([url, 200, expect.any(String)]);
    }
  });

  it('answers 415 to a body of a type the route does not take, on every upload route and every JSON route', async () => {
    const uploads = ops.filter((op) => op.multipart);
    expect(uploads.map((op) => op.path)).toEqual(
      expect.arrayContaining([
        '/api_smsc/v1/rate_table/{id}/import',
        '/api_smsc/v1/recipient/import',
        '/api_smsc/v1/reseller/import',
      ]),
    );
    const wrong: string[] = [];
    for (const op of [...uploads, ...objectBodies()]) {
      for (const type of ['text/plain', 'text/csv', 'application/octet-stream']) {
        const res = await send(admin, op.method, pathOf(op), '{"csv":"code,price\\n44,0.01\\n"}', type);
        if (res.statusCode !== 415 && res.statusCode !== 403)
          wrong.push(`${op.method} ${op.path} ${type} -> ${res.statusCode}`);
      }
    }
    expect(wrong).toEqual([]);
    const res = await send(admin, 'POST', api('/reseller/import'), '{"csv":".V"}', 'text/plain; charset=utf-8');
    expect([res.statusCode, res.json().detail]).toEqual([
      415,
      'Unsupported content-type "text/plain" for this call; send application/json or multipart/form-data',
    ]);
  });
});
