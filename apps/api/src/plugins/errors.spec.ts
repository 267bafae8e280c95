import Fastify, { type FastifyInstance, type InjectOptions } from 'fastify';
import { checkListenedAnswers, checkProblemAnswers } from '../testing/problem-answers';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { HttpError } from '../lib/http-error';
import errors from './errors';

describe('error answers', () => {
  let t: TestApp;
  let admin: Record<string, string>;
  beforeAll(async () => {
    t = await createTestApp();
    admin = bearer(await login(t.app, 'admin@example.com'));
    // as the other app specs: a busy machine takes longer than jest's 30 s to build the app
  }, 120_000);
  afterAll(async () => t.close());

  // Each case is bad input; none may surface as a 500 or leak a stack trace.
  const cases: [string, () => InjectOptions, number, RegExp, string][] = [
    [
      'malformed uuid',
      () => ({ method: 'GET', url: api('/company/not-a-uuid'), headers: admin }),
      400,
      /^Id: /,
      'validation',
    ],
    [
      'wrong query type',
      () => ({ method: 'GET', url: api('/user/list?page=abc'), headers: admin }),
      400,
      /^Page: enter a number/,
      'validation',
    ],
    [
      'unknown enum value',
      () => ({ method: 'GET', url: api('/company/list?status=sleeping'), headers: admin }),
      400,
      /^Status: /,
      'validation',
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
      'validation',
    ],
    [
      'unsupported content type',
      () => ({ method: 'POST', url: api('/auth'), headers: { 'content-type': 'text/xml' }, payload: '<a/>' }),
      415,
      /content-type|Unsupported/i,
      'unsupported_media_type',
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
      'body_too_large',
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
      'missing_reference',
    ],
    [
      'bearer garbage',
      () => ({ method: 'GET', url: api('/home'), headers: { authorization: 'Bearer ...' } }),
      401,
      /signed in/,
      'unauthenticated',
    ],
    ['unknown API route', () => ({ method: 'DELETE', url: api('/nowhere') }), 404, /not found/, 'route_not_found'],
    [
      'undecodable path',
      () => ({ method: 'GET', url: api('/auth/reset_password/x%ED%BF%BF') }),
      400,
      /URL encoding/,
      'bad_url',
    ],
  ];

  it.each(cases)('%s', async (_name, req, status, message, code) => {
    const res = await t.app.inject(req());
    expect(res.statusCode).toBe(status);
    expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
    const body = res.json();
    expect(body).toMatchObject({ status, code, type: `/api_smsc/v1/problems/${code}`, title: expect.any(String) });
    expect(body.request_id).toBe(res.headers['x-request-id']);
    // a schema refusal also names each field in the screen's words, as a list; nothing else is answered
    if (code === 'validation' && status === 400)
      for (const e of body.errors ?? [])
        expect(e).toEqual(
          expect.objectContaining({ field: expect.any(String), code: expect.any(String), detail: expect.any(String) }),
        );
    else expect(body.errors).toBeUndefined();
    expect(body.detail).toMatch(message);
    expect(res.body).not.toMatch(/\bat .+\.(ts|js):\d+/);
  });

  it('names the failed body field by a JSON pointer and the rule it broke', async () => {
    const res = await t.app.inject({ method: 'POST', url: api('/auth'), payload: { email: 'a@example.com' } });
    expect(res.json().errors).toEqual([
      { field: 'password', pointer: '/password', code: 'required', detail: 'Password: is required' },
    ]);
  });

  it('checks every injected error answer of a test app, so a route of another shape fails its test', async () => {
    const answer = (statusCode: number, type: string, body: string) =>
      checkProblemAnswers({
        inject: async () => ({ statusCode, headers: { 'content-type': type }, body }),
      } as unknown as FastifyInstance).inject({ method: 'GET', url: api('/x') });
    await expect(answer(418, 'application/json', '{"error":{"message":"old"}}')).rejects.toThrow(
      /418 answer of \/api_smsc\/v1\/x is not a problem: content-type/,
    );
    const good = await t.app.inject({ method: 'GET', url: api('/nowhere') });
    await expect(answer(404, 'application/problem+json', good.body)).rejects.toThrow(/"instance"/);
    await expect(answer(200, 'text/plain', 'fine')).resolves.toMatchObject({ statusCode: 200 });
  });

  it('checks the error answers a test reads over HTTP too (a client library pointed at the listening app)', async () => {
    const app = Fastify();
    await app.register(errors);
    app.get(api('/old'), async (_req, reply) => reply.code(418).send({ error: { message: 'old' } }));
    app.get(api('/taken'), async () => {
      throw new HttpError(409, 'Taken');
    });
    app.get(api('/fine'), async () => ({ ok: true }));
    // outside the API (a console page): not the API's answer
    app.get('/page', async (_req, reply) => reply.code(404).type('text/html').send('<p>no</p>'));
    const wrong = checkListenedAnswers(app);
    const base = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const statuses: number[] = [];
      for (const path of [api('/old'), api('/taken'), api('/nowhere'), api('/fine'), '/page']) {
        const res = await fetch(`${base}${path}`);
        await res.text();
        statuses.push(res.status);
      }
      // the problems the error handler answers (409, an unknown route's 404) pass, their members checked
      expect(statuses).toEqual([418, 409, 404, 200, 404]);
    } finally {
      await app.close();
    }
    expect(wrong()).toEqual([
      expect.stringMatching(/^418 answer of GET \/api_smsc\/v1\/old \(over HTTP\) is not a problem: content-type/),
    ]);
  });
});
