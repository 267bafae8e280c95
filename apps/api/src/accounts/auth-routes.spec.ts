import { DEMO_USERS } from '../db/seed';
import { DEMO_PASSWORD, api, bearer, createTestApp, login, tokenFromOutbox, type TestApp } from '../testing/test-app';

describe('auth', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginPerIp: 20 });
  });
  afterAll(async () => t.close());

  it.each(DEMO_USERS)('signs in %s and the token checks out', async (email) => {
    const res = await t.app.inject({ method: 'POST', url: api('/auth'), payload: { email, password: DEMO_PASSWORD } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.exp).toBeGreaterThan(Date.now() / 1000);
    const check = await t.app.inject({ method: 'POST', url: api('/auth/check-token'), headers: bearer(body.token) });
    expect(check.json()).toEqual({ user_type: body.user_type, exp: body.exp, email });
  });

  it('refuses a wrong password and an unknown e-mail with the same 401', async () => {
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      payload: { email: 'admin@example.com', password: 'nope-nope' },
    });
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      payload: { email: 'ghost@example.com', password: 'nope-nope' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    // the same answer but for its own request id: nothing tells a known e-mail from an unknown one
    const same = (res: typeof wrong) => ({ ...res.json(), request_id: undefined });
    expect(same(wrong)).toEqual(same(unknown));
    expect(wrong.json().request_id).not.toBe(unknown.json().request_id);
  });

  it('revokes the token on logout, so a replay gets 401', async () => {
    const token = await login(t.app, 'acme-user@example.com');
    expect((await t.app.inject({ method: 'POST', url: api('/auth/logout'), headers: bearer(token) })).statusCode).toBe(
      200,
    );
    const replay = await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(token) });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/signed in/);
  });

  it('rejects a tampered token', async () => {
    const token = await login(t.app, 'acme-user@example.com');
    const forged = token.slice(0, -3) + (token.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(forged) })).statusCode).toBe(401);
  });

  it('answers 400 with a readable message for bad JSON and bad fields', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      headers: { 'content-type': 'application/json' },
      payload: '{bad',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().detail).toMatch(/JSON/);
    const missing = await t.app.inject({ method: 'POST', url: api('/auth'), payload: { email: 'admin@example.com' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().detail).toBe('Password: is required');
  });

  it('limits logins per IP with 429 and Retry-After', async () => {
    const attempt = () =>
      t.app.inject({
        method: 'POST',
        url: api('/auth'),
        remoteAddress: '10.9.9.9',
        payload: { email: 'x@example.com', password: 'whatever1' },
      });
    const codes: number[] = [];
    for (let i = 0; i < 21; i++) codes.push((await attempt()).statusCode);
    expect(codes.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    const last = await attempt();
    expect(last.statusCode).toBe(429);
    expect(Number(last.headers['retry-after'])).toBeGreaterThan(0);
    expect(last.json().detail).toMatch(/Too many/);
  });

  it('limits failed logins per account even across IPs', async () => {
    const email = 'globex-user@example.com';
    for (let i = 0; i < 5; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: api('/auth'),
        remoteAddress: `10.1.0.${i}`,
        payload: { email, password: 'wrong-pass' },
      });
      expect(r.statusCode).toBe(401);
    }
    const blocked = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      remoteAddress: '10.1.1.1',
      payload: { email, password: DEMO_PASSWORD },
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.headers['retry-after']).toBeDefined();
  });

  it('registers, confirms once, then signs in', async () => {
    const payload = {
      email: 'new-owner@example.com',
      password: 'correct-horse-9',
      full_name: 'New Owner',
      company_name: 'Initech',
    };
    const reg = await t.app.inject({ method: 'POST', url: api('/registration'), payload });
    expect(reg.statusCode).toBe(201);
    const early = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      payload: { email: payload.email, password: payload.password },
    });
    expect(early.statusCode).toBe(403);
    const token = await tokenFromOutbox(t.app, payload.email);
    // a second sign-up with the address answers alike (security/account-trust.spec.ts) and changes nothing
    const dup = await t.app.inject({ method: 'POST', url: api('/registration'), payload });
    expect([dup.statusCode, dup.body]).toEqual([reg.statusCode, reg.body]);
    expect((await t.app.inject({ method: 'POST', url: api(`/registration/confirm/${token}`) })).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'POST', url: api(`/registration/confirm/${token}`) })).statusCode).toBe(400);
    const jwt = await login(t.app, payload.email, payload.password);
    const home = await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(jwt) });
    expect(home.json().company).toMatchObject({
      company_name: 'Initech',
      status: 'active',
      is_created_by_admin: false,
    });
    expect(home.json().user).toMatchObject({ user_type: 'company_admin', is_admin: true });
  });

  it('refuses short and common passwords at registration', async () => {
    const base = { email: 'weak@example.com', full_name: 'Weak', company_name: 'Weak Co' };
    const short = await t.app.inject({
      method: 'POST',
      url: api('/registration'),
      payload: { ...base, password: 'abc' },
    });
    const common = await t.app.inject({
      method: 'POST',
      url: api('/registration'),
      payload: { ...base, password: 'password1' },
    });
    expect([short.statusCode, common.statusCode]).toEqual([400, 400]);
    expect(common.json().detail).toMatch(/common/);
  });

  it('resets a password with a single-use token and answers alike for unknown e-mails', async () => {
    const email = 'acme-staff-3@example.com';
    const known = await t.app.inject({ method: 'POST', url: api('/auth/reset_email'), payload: { email } });
    const unknown = await t.app.inject({
      method: 'POST',
      url: api('/auth/reset_email'),
      payload: { email: 'nobody@example.com' },
    });
    expect(known.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    const oldSession = await login(t.app, email);
    const token = await tokenFromOutbox(t.app, email);
    const mail = await t.app.db
      .selectFrom('outbox')
      .select('body')
      .where('recipient', '=', email)
      .executeTakeFirstOrThrow();
    expect(mail.body).toContain(`/forgot-password/${token}`);
    const res = await t.app.inject({
      method: 'POST',
      url: api(`/auth/reset_password/${token}`),
      payload: { passwd: 'brand-new-pass-1' },
    });
    expect(res.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: api(`/auth/reset_password/${token}`),
      payload: { passwd: 'other-new-pass-2' },
    });
    expect(again.statusCode).toBe(400);
    await expect(login(t.app, email, 'brand-new-pass-1')).resolves.toEqual(expect.any(String));
    await expect(login(t.app, email)).rejects.toThrow(/401/);
    const stale = await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(oldSession) });
    expect(stale.statusCode).toBe(401);
    expect(stale.json().detail).toMatch(/password was changed/);
  });

  it('lets a user update their own name on /home', async () => {
    const token = await login(t.app, 'acme-staff-4@example.com');
    const res = await t.app.inject({
      method: 'PATCH',
      url: api('/home'),
      headers: bearer(token),
      payload: { full_name: 'Renamed' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user.full_name).toBe('Renamed');
    expect(res.json().company.company_name).toBe('Acme');
  });
});
