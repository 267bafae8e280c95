import { DEMO_PASSWORD, api, bearer, createTestApp, login, type TestApp } from '../testing/test-app';
import { fieldsOf } from '../testing/problem-answers';
import { fieldErrorsOf } from '../testing/problem-answers';

type Method = 'GET' | 'PATCH';

describe('changing a password: own (current password asked) and someone else (manager reset)', () => {
  let t: TestApp;
  beforeAll(async () => {
    // a small lock so the brute-force test needs few requests; one IP limit high enough for many logins
    t = await createTestApp({ loginFailuresPerAccount: 3, loginPerIp: 1000 });
  });
  afterAll(async () => t.close());
  const call = (method: Method, url: string, token: string, payload?: object) =>
    t.app.inject({ method, url: api(url), headers: bearer(token), payload });
  const idOf = async (token: string): Promise<string> => (await call('GET', '/home', token)).json().user.uuid;

  it('refuses a new password through /home without the current one, or with a wrong one, on the field', async () => {
    const token = await login(t.app, 'globex-user@example.com');
    const missing = await call('PATCH', '/home', token, { password: 'globex-new-pass-1' });
    expect(missing.statusCode).toBe(400);
    expect(fieldErrorsOf(missing)).toEqual({
      errors: { current_password: expect.stringMatching(/current password/i) },
    });
    const wrong = await call('PATCH', '/home', token, {
      password: 'globex-new-pass-1',
      current_password: 'not-my-password',
    });
    expect(wrong.statusCode).toBe(400);
    expect(fieldErrorsOf(wrong)).toEqual({ errors: { current_password: 'The current password is wrong' } });
    // nothing changed: the old password still signs in
    await expect(login(t.app, 'globex-user@example.com')).resolves.toEqual(expect.any(String));
    await expect(login(t.app, 'globex-user@example.com', 'globex-new-pass-1')).rejects.toThrow(/401/);
  });

  it('applies the registration rules to the new password, on the password field', async () => {
    const token = await login(t.app, 'globex-user@example.com');
    const short = await call('PATCH', '/home', token, { password: 'short', current_password: DEMO_PASSWORD });
    expect(short.statusCode).toBe(400);
    expect(fieldsOf(short).password).toMatch(/at least/);
    const common = await call('PATCH', '/home', token, { password: 'Password1', current_password: DEMO_PASSWORD });
    expect(common.statusCode).toBe(400);
    expect(fieldsOf(common).password).toMatch(/too common/);
    await expect(login(t.app, 'globex-user@example.com')).resolves.toEqual(expect.any(String));
  });

  it('counts wrong current passwords like failed logins, so guessing locks the account', async () => {
    const token = await login(t.app, 'globex-admin@example.com');
    for (let i = 0; i < 3; i++) {
      expect(
        (await call('PATCH', '/home', token, { password: 'globex-boss-pass', current_password: `guess-${i}` }))
          .statusCode,
      ).toBe(400);
    }
    // even the right password is refused now, through /home and at login
    const locked = await call('PATCH', '/home', token, {
      password: 'globex-boss-pass',
      current_password: DEMO_PASSWORD,
    });
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
    await expect(login(t.app, 'globex-admin@example.com')).rejects.toThrow(/429/);
    await t.app.db.deleteFrom('login_failures').execute();
  });

  it('ends every other session of the user on success while the one that changed it keeps working', async () => {
    const first = await login(t.app, 'acme-user@example.com');
    const second = await login(t.app, 'acme-user@example.com');
    const res = await call('PATCH', '/home', first, { password: 'acme-fresh-pass-1', current_password: DEMO_PASSWORD });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/home', second)).statusCode).toBe(401);
    expect((await call('GET', '/home', first)).statusCode).toBe(200);
    await expect(login(t.app, 'acme-user@example.com')).rejects.toThrow(/401/);
    const fresh = await login(t.app, 'acme-user@example.com', 'acme-fresh-pass-1');
    expect((await call('GET', '/home', fresh)).statusCode).toBe(200);
  });

  it('asks for the current password on PATCH /user/{id} when callers edit their own record', async () => {
    const first = await login(t.app, 'acme-admin@example.com');
    const second = await login(t.app, 'acme-admin@example.com');
    const id = await idOf(first);
    const missing = await call('PATCH', `/user/${id}`, first, { password: 'acme-boss-pass-1' });
    expect(missing.statusCode).toBe(400);
    expect(fieldsOf(missing).current_password).toBeDefined();
    expect(
      (await call('PATCH', `/user/${id}`, first, { password: 'acme-boss-pass-1', current_password: 'wrong-one' }))
        .statusCode,
    ).toBe(400);
    await expect(login(t.app, 'acme-admin@example.com')).resolves.toEqual(expect.any(String));
    const ok = await call('PATCH', `/user/${id}`, first, {
      password: 'acme-boss-pass-1',
      current_password: DEMO_PASSWORD,
    });
    expect(ok.statusCode).toBe(200);
    expect((await call('GET', '/home', second)).statusCode).toBe(401);
    expect((await call('GET', '/home', first)).statusCode).toBe(200);
    await expect(login(t.app, 'acme-admin@example.com', 'acme-boss-pass-1')).resolves.toEqual(expect.any(String));
  });

  it('lets an admin or company admin set another user password without it, ending all of that user sessions', async () => {
    const admin = await login(t.app, 'admin@example.com');
    const target = await login(t.app, 'reseller@example.com');
    const id = await idOf(target);
    const weak = await call('PATCH', `/user/${id}`, admin, { password: 'short' });
    expect(weak.statusCode).toBe(400);
    const res = await call('PATCH', `/user/${id}`, admin, { password: 'reseller-new-pass' });
    expect(res.statusCode).toBe(200);
    expect((await call('GET', '/home', target)).statusCode).toBe(401);
    expect((await call('GET', '/home', admin)).statusCode).toBe(200);
    await expect(login(t.app, 'reseller@example.com', 'reseller-new-pass')).resolves.toEqual(expect.any(String));

    const companyAdmin = await login(t.app, 'acme-admin@example.com', 'acme-boss-pass-1');
    const member = await login(t.app, 'acme-user@example.com', 'acme-fresh-pass-1');
    const memberId = await idOf(member);
    expect((await call('PATCH', `/user/${memberId}`, companyAdmin, { password: 'acme-reset-pass-1' })).statusCode).toBe(
      200,
    );
    expect((await call('GET', '/home', member)).statusCode).toBe(401);
    expect((await call('GET', '/home', companyAdmin)).statusCode).toBe(200);
  });

  it('a later reset ends even the session that changed the password itself', async () => {
    const changer = await login(t.app, 'acme-user@example.com', 'acme-reset-pass-1');
    expect(
      (await call('PATCH', '/home', changer, { password: 'acme-again-pass-1', current_password: 'acme-reset-pass-1' }))
        .statusCode,
    ).toBe(200);
    expect((await call('GET', '/home', changer)).statusCode).toBe(200);
    const companyAdmin = await login(t.app, 'acme-admin@example.com', 'acme-boss-pass-1');
    expect(
      (await call('PATCH', `/user/${await idOf(changer)}`, companyAdmin, { password: 'acme-final-pass-1' })).statusCode,
    ).toBe(200);
    expect((await call('GET', '/home', changer)).statusCode).toBe(401);
  });
});
