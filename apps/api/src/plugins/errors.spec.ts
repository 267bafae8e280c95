import type { InjectOptions } from 'fastify';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';

describe('error answers', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
  });
  afterAll(async () => t.close());

  // Each case is bad input; none may surface as a 500 or leak a stack trace.
  const cases: [string, () => InjectOptions, number, RegExp][] = [
    ['malformed uuid', () => ({ method: 'GET', url: api('/company/not-a-uuid'), headers: admin }), 400, /^Id: /],
    [
      'wrong query type',
      () => ({ method: 'GET', url: api('/user/list?page=abc'), headers: admin }),
      400,
      /^Page: enter a number/,
    ],
    [
      'unknown enum value',
      () => ({ method: 'GET', url: api('/company/list?status=sleeping'), headers: admin }),
      400,
      /^Status: /,
    ],
    [
      'empty patch',
      () => ({
        method: 'PATCH',
        url: api('/company/00000000-0000-4000-8000-000000000000'),
        headers: admin,
        payload: {},
      }),
      400,
      /change at least one field/,
    ],
    [
      'unsupported content type',
      () => ({ method: 'POST', url: api('/auth'), headers: { 'content-type': 'text/xml' }, payload: '<a/>' }),
      415,
      /content-type|Unsupported/i,
    ],
    [
      'oversized body',
      () => ({
        method: 'POST',
        url: api('/auth'),
        headers: { 'content-type': 'application/json' },
        payload: JSON.stringify({ email: 'x'.repeat(2_000_000), password: 'y' }),
      }),
      413,
      /large/i,
    ],
    [
      'missing company reference',
      () => ({
        method: 'POST',
        url: api('/company'),
        headers: admin,
        payload: { company_name: 'Orphan', payment_term_uuid: '00000000-0000-4000-8000-000000000000' },
      }),
      409,
      /missing record/,
    ],
    [
      'bearer garbage',
      () => ({ method: 'GET', url: api('/home'), headers: { authorization: 'Bearer ...' } }),
      401,
      /signed in/,
    ],
    ['unknown API route', () => ({ method: 'DELETE', url: api('/nowhere') }), 404, /not found/],
  ];

  it.each(cases)('%s', async (_name, req, status, message) => {
    const res = await t.app.inject(req());
    expect(res.statusCode).toBe(status);
    const body = res.json();
    // a schema refusal also names each field in the screen's words (errors.<field>); nothing else is answered
    expect(Object.keys(body).sort()).toEqual(status === 400 && body.errors ? ['error', 'errors'] : ['error']);
    for (const v of Object.values(body.errors ?? {})) expect(typeof v).toBe('string');
    expect(body.error.message).toMatch(message);
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });
});
