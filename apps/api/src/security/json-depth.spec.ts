import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { JSON_MAX_DEPTH, JsonDepthScanner, jsonDeeperThan } from './json-depth';

const nested = (depth: number) => '['.repeat(depth) + ']'.repeat(depth);
const nestedObject = (depth: number) => '{"a":'.repeat(depth) + '1' + '}'.repeat(depth);

describe('JSON nesting depth', () => {
  it('counts arrays and objects, not brackets inside strings', () => {
    expect(jsonDeeperThan(nested(64), 64)).toBe(false);
    expect(jsonDeeperThan(nested(65), 64)).toBe(true);
    expect(jsonDeeperThan(nestedObject(65), 64)).toBe(true);
    expect(jsonDeeperThan(JSON.stringify({ text: '[[[[[[[[{{{{{{' }), 3)).toBe(false);
    // an escaped quote does not end the string
    expect(jsonDeeperThan(JSON.stringify({ text: 'a"[[[[[[' }), 2)).toBe(false);
    expect(jsonDeeperThan('[[["\\\\"]]]', 2)).toBe(true);
  });

  it('carries its state across chunk boundaries (a string or an escape split between chunks)', () => {
    const s = new JsonDepthScanner(3);
    expect(s.push(Buffer.from('[{"a":"x\\'))).toBe(true);
    expect(s.push(Buffer.from('"[[[[", "b": ['))).toBe(true);
    expect(s.push(Buffer.from('['))).toBe(false);
  });

  describe('on the server', () => {
    let t: TestApp;
    let acme: Record<string, string>;
    beforeAll(async () => {
      t = await createTestApp();
      acme = bearer(await login(t.app, 'acme-admin@example.com'));
    }, 120_000);
    afterAll(async () => t.close());
    const send = (
      method: 'POST' | 'PATCH' | 'DELETE',
      url: string,
      payload: string,
      headers: Record<string, string> = {},
    ) => t.app.inject({ method, url: api(url), payload, headers: { ...headers, 'content-type': 'application/json' } });

    // routes without a body schema, with and without a session: the body is refused before any walk
    it.each([
      ['POST', '/registration/confirm/00000000-0000-4000-8000-000000000000', 'none'],
      ['POST', '/no/such/route', 'none'],
      ['POST', '/auth/logout', 'acme'],
      ['POST', '/api_key', 'acme'],
      ['DELETE', '/sms/scheduled/00000000-0000-4000-8000-000000000000', 'acme'],
      ['POST', '/bulk/estimate', 'acme'],
      ['PATCH', '/home', 'acme'],
    ] as const)('%s %s (%s) answers 400 naming the limit for 100,000 levels', async (method, url, who) => {
      for (const body of [nested(100_000), nestedObject(100_000)]) {
        const res = await send(method, url, body, who === 'acme' ? acme : {});
        expect(res.statusCode).toBe(400);
        expect(res.json()).toMatchObject({
          status: 400,
          detail: `The JSON body is nested more than ${JSON_MAX_DEPTH} levels deep; send flatter data`,
        });
      }
    });

    it('still parses ordinary bodies and keeps refusing __proto__ keys', async () => {
      const ok = await send('PATCH', '/home', JSON.stringify({ full_name: 'Acme [Admin] {x}' }), acme);
      expect(ok.statusCode).toBe(200);
      const proto = await send('PATCH', '/home', '{"__proto__":{"x":1}}', acme);
      expect(proto.statusCode).toBe(400);
    });
  });
});
