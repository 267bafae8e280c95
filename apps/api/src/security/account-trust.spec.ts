import type { FastifyInstance } from 'fastify';
import { api, bearer, createTestApp, login, tokenFromOutbox, type TestApp } from '../testing/test-app';
import { totpNow, TOTP_PERIOD } from './totp';

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: api(url), payload, headers });
const home = (app: FastifyInstance, token: string) =>
  app.inject({ method: 'GET', url: api('/home'), headers: bearer(token) });

describe('account trust: reset links, two-factor sessions, registration answers, API caching', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginPerIp: 100 });
  }, 120_000);
  afterAll(async () => t.close());

  const requestReset = async (email: string) => {
    expect((await post(t.app, '/auth/reset_email', { email })).statusCode).toBe(200);
    return tokenFromOutbox(t.app, email);
  };
  const reset = (token: string, passwd: string) => post(t.app, `/auth/reset_password/${token}`, { passwd });

  it('a newer reset request voids the older link', async () => {
    const email = 'acme-staff-5@example.com';
    const older = await requestReset(email);
    const newer = await requestReset(email);
    expect(newer).not.toBe(older);
    const stale = await reset(older, 'older-link-pass-1');
    expect(stale.statusCode).toBe(400);
    expect(stale.json().detail).toMatch(/invalid, expired or already used/);
    expect((await reset(newer, 'newer-link-pass-2')).statusCode).toBe(200);
    await expect(login(t.app, email, 'newer-link-pass-2')).resolves.toEqual(expect.any(String));
  });

  it('a successful reset voids every other open link of the user', async () => {
    const email = 'acme-staff-6@example.com';
    const first = await requestReset(email);
    // both links open at once (as before a newer request voided the older), to test the reset on its own
    const second = await requestReset(email);
    const user = await t.app.users.findByEmail(email);
    await t.app.db
      .updateTable('action_tokens')
      .set({ used_at: null })
      .where('kind', '=', 'reset')
      .where('user_uuid', '=', user?.uuid as string)
      .execute();
    expect((await reset(second, 'second-link-pass-1')).statusCode).toBe(200);
    expect((await reset(first, 'first-link-pass-2')).statusCode).toBe(400);
    await expect(login(t.app, email, 'second-link-pass-1')).resolves.toEqual(expect.any(String));
  });

  it('turning two-factor on ends the other sessions and keeps the one that turned it on', async () => {
    const email = 'globex-user@example.com';
    const other = await login(t.app, email);
    const current = await login(t.app, email);
    expect((await home(t.app, other)).statusCode).toBe(200);
    const setup = await post(t.app, '/auth/2fa/setup', {}, bearer(current));
    const code = totpNow(setup.json().secret, Date.now() + TOTP_PERIOD * 1000);
    expect((await post(t.app, '/auth/2fa/enable', { code }, bearer(current))).statusCode).toBe(200);
    const ended = await home(t.app, other);
    expect(ended.statusCode).toBe(401);
    expect(ended.json().detail).toMatch(/Two-factor sign-in was turned on/);
    expect((await home(t.app, current)).statusCode).toBe(200);
  });

  it('registration answers a taken address like a new one and mails the owner instead', async () => {
    const form = { password: 'Harbour-Lantern-42', full_name: 'Someone', company_name: 'Probe Co' };
    const fresh = await post(t.app, '/registration', { ...form, email: 'brand-new-owner@example.com' });
    const taken = await post(t.app, '/registration', { ...form, email: 'acme-admin@example.com' });
    expect([taken.statusCode, taken.body]).toEqual([fresh.statusCode, fresh.body]);
    expect(taken.statusCode).toBe(201);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select(['subject', 'body'])
      .where('recipient', '=', 'acme-admin@example.com')
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(mail.subject).toMatch(/tried to register/);
    expect(mail.body).toContain('/forgot-password');
    const companies = await t.app.db
      .selectFrom('companies')
      .select('company_uuid')
      .where('company_name', '=', 'Probe Co')
      .execute();
    expect(companies).toHaveLength(1);
  });

  it('marks every API answer no-store: data, errors, unknown API paths; not the console pages', async () => {
    const token = await login(t.app, 'acme-user@example.com');
    const answers = await Promise.all([
      home(t.app, token),
      t.app.inject({ method: 'GET', url: api('/home') }),
      post(t.app, '/auth', { email: 'nobody@example.com', password: 'wrong-pass-1' }),
      t.app.inject({ method: 'GET', url: api('/no-such-call') }),
      post(t.app, '/auth', { email: 'x' }),
    ]);
    expect(answers.map((r) => [r.statusCode, r.headers['cache-control']])).toEqual([
      [200, 'no-store'],
      [401, 'no-store'],
      [401, 'no-store'],
      [404, 'no-store'],
      [400, 'no-store'],
    ]);
    // outside the API nothing is forced (this app serves no console build: the 404 keeps its own headers)
    expect((await t.app.inject({ method: 'GET', url: '/login' })).headers['cache-control']).not.toBe('no-store');
  });
});
