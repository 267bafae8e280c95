import type { IncomingMessage } from 'node:http';
import { sql } from 'kysely';
import { api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { requestIds } from './request-id';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const req = (headers: Record<string, string>) => ({ headers }) as unknown as IncomingMessage;

describe('request ids', () => {
  it('are random without a trusted proxy, whatever the caller sends', () => {
    const id = requestIds(false);
    const a = id(req({ 'x-request-id': 'chosen-by-caller', traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` }));
    expect(a).toMatch(UUID);
    expect(id(req({}))).not.toBe(a);
  });

  it("keep a trusted proxy's X-Request-Id or traceparent trace id, and refuse malformed ones", () => {
    const id = requestIds(true);
    expect(id(req({ 'x-request-id': '5f1c2a9e8b7d4c3a' }))).toBe('5f1c2a9e8b7d4c3a');
    expect(id(req({ traceparent: `00-${'a'.repeat(32)}-${'b'.repeat(16)}-01` }))).toBe('a'.repeat(32));
    expect(id(req({ 'x-request-id': 'bad id with spaces\n' }))).toMatch(UUID);
    expect(id(req({ traceparent: `00-${'0'.repeat(32)}-${'b'.repeat(16)}-01` }))).toMatch(UUID);
  });

  describe('on the server', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 120_000);
    afterAll(async () => t.close());

    it('answers every request with its id, and a 500 names it', async () => {
      const a = await t.app.inject({ url: '/health' });
      const b = await t.app.inject({ url: '/health' });
      expect(a.headers['x-request-id']).toMatch(UUID);
      expect(b.headers['x-request-id']).not.toBe(a.headers['x-request-id']);
      // a table gone from under a route: the unexpected failure a 500 is for
      const admin = bearer(await login(t.app, 'admin@example.com'));
      await sql`alter table countries rename to countries_away`.execute(t.app.db);
      const failed = await t.app
        .inject({ url: api('/country/list'), headers: admin })
        .finally(() => sql`alter table countries_away rename to countries`.execute(t.app.db));
      expect(failed.statusCode).toBe(500);
      expect(failed.json()).toMatchObject({
        status: 500,
        code: 'server_error',
        request_id: failed.headers['x-request-id'],
      });
      expect(failed.json().detail).toContain(String(failed.headers['x-request-id']));
    });
  });
});
