import type { FastifyInstance } from 'fastify';
import { api, bearer, createTestApp, DEMO_PASSWORD, login, type TestApp } from '../testing/test-app';
import { brandAcmeReseller } from '../testing/fixtures';
import { totpNow, TOTP_PERIOD } from './totp';
import { fieldsOf } from '../testing/problem-answers';
import { fieldErrorsOf } from '../testing/problem-answers';

const post = (app: FastifyInstance, url: string, payload: object, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: api(url), payload, headers });

/** A code of the step after the last one used, so two codes in one test never collide as a replay. */
const nextCode = (secret: string, stepsAhead = 1) => totpNow(secret, Date.now() + stepsAhead * TOTP_PERIOD * 1000);

/** Waits for the start of a time step when less than 15 s of the current one are left (a test using codes of several steps). */
async function freshStep() {
  const into = (Date.now() / 1000) % TOTP_PERIOD;
  if (into > 15) await new Promise((r) => setTimeout(r, (TOTP_PERIOD - into) * 1000 + 100));
}

/** Enrols a signed-in user from the profile calls; answers the secret and the recovery codes. */
async function enrol(app: FastifyInstance, email: string, stepsAhead = 0) {
  const auth = bearer(await login(app, email));
  const setup = await post(app, '/auth/2fa/setup', {}, auth);
  expect(setup.statusCode).toBe(200);
  const { secret, otpauth_url, qr } = setup.json();
  expect(otpauth_url).toContain(secret);
  expect(qr).toMatch(/^data:image\/svg\+xml;base64,/);
  const enabled = await post(app, '/auth/2fa/enable', { code: nextCode(secret, stepsAhead) }, auth);
  expect(enabled.statusCode).toBe(200);
  return { secret: secret as string, recovery: enabled.json().recovery_codes as string[], auth };
}

async function challenge(app: FastifyInstance, email: string) {
  const res = await post(app, '/auth', { email, password: DEMO_PASSWORD });
  expect(res.statusCode).toBe(200);
  expect(res.json().token).toBeUndefined();
  return res.json() as { two_factor: string; challenge: string; challenge_exp: number };
}

describe('two-factor sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ loginFailuresPerAccount: 5 });
  }, 120_000);
  afterAll(async () => t.close());

  it("names the account in the authenticator app by the user's brand: its reseller's, else ours", async () => {
    await brandAcmeReseller(t.app, 'Nimbus Texts');
    const issuerFor = async (email: string) => {
      const setup = await post(t.app, '/auth/2fa/setup', {}, bearer(await login(t.app, email)));
      expect(setup.statusCode).toBe(200);
      return new URL(setup.json().otpauth_url).searchParams.get('issuer');
    };
    // a company of the reseller, the reseller itself, and a company of the platform's with no brand set
    expect(await issuerFor('acme-staff-1@example.com')).toBe('Nimbus Texts');
    expect(await issuerFor('reseller@example.com')).toBe('Nimbus Texts');
    expect(await issuerFor('globex-user@example.com')).toBe('SMSC Console');
  });

  it('enrols from the profile, keeps the secret sealed, and never shows it again', async () => {
    const { secret, recovery, auth } = await enrol(t.app, 'acme-user@example.com');
    expect(recovery).toHaveLength(10);
    const status = await t.app.inject({ method: 'GET', url: api('/auth/2fa'), headers: auth });
    expect(status.json()).toMatchObject({ enabled: true, recovery_codes_left: 10, required: false });
    expect(status.body).not.toContain(secret);
    // a second set-up is refused while it is on (it would replace the secret)
    expect((await post(t.app, '/auth/2fa/setup', {}, auth)).statusCode).toBe(409);
    const row = await t.app.db
      .selectFrom('user_totp')
      .innerJoin('users', 'users.uuid', 'user_totp.user_uuid')
      .select('secret_sealed')
      .where('users.email', '=', 'acme-user@example.com')
      .executeTakeFirstOrThrow();
    expect(row.secret_sealed).not.toContain(secret);
    // sealed for this use under the server's key: it opens as the TOTP secret and as nothing else
    expect(t.app.secrets.totp.open(row.secret_sealed)).toBe(secret);
    expect(() => t.app.secrets.smscPassword.open(row.secret_sealed)).toThrow();
    const hashes = await t.app.db.selectFrom('totp_recovery_codes').select('code_hash').execute();
    for (const h of hashes) expect(recovery.map((c) => c.replace('-', ''))).not.toContain(h.code_hash);
    // the audit says two-factor went on, and carries no secret nor recovery code
    const admin = bearer(await login(t.app, 'admin@example.com'));
    const log = (
      await t.app.inject({ method: 'GET', url: api('/audit/list?entity=two_factor&per_page=100'), headers: admin })
    ).body;
    expect(log).toContain('acme-user@example.com');
    expect(log).not.toContain(secret);
    for (const c of recovery) expect(log).not.toContain(c);
  });

  it('signs in in two steps: a challenge (no session) then the code; the same code is refused the second time', async () => {
    await freshStep();
    // enrolled with the previous step's code, so this step's and the next one's are still unused
    const { secret } = await enrol(t.app, 'globex-user@example.com', -1);
    const first = await challenge(t.app, 'globex-user@example.com');
    expect(first.two_factor).toBe('verify');
    // the challenge is not a session token
    expect(
      (await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(first.challenge) })).statusCode,
    ).toBe(401);
    const code = nextCode(secret, 0);
    const done = await post(t.app, '/auth/2fa', { challenge: first.challenge, code });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user_type: 'user' });
    expect(
      (await t.app.inject({ method: 'GET', url: api('/home'), headers: bearer(done.json().token) })).statusCode,
    ).toBe(200);
    // the challenge is spent
    expect((await post(t.app, '/auth/2fa', { challenge: first.challenge, code: nextCode(secret) })).statusCode).toBe(
      401,
    );
    // replay of the same code in a new sign-in: refused
    const second = await challenge(t.app, 'globex-user@example.com');
    const replay = await post(t.app, '/auth/2fa', { challenge: second.challenge, code });
    expect(replay.statusCode).toBe(401);
    expect(replay.json().detail).toMatch(/already used/);
    expect((await post(t.app, '/auth/2fa', { challenge: second.challenge, code: nextCode(secret) })).statusCode).toBe(
      200,
    );
  });

  it('accepts each recovery code once', async () => {
    const { recovery, auth } = await enrol(t.app, 'reseller@example.com');
    const a = await challenge(t.app, 'reseller@example.com');
    // typed in capitals without the dash: still the same code
    const ok = await post(t.app, '/auth/2fa', {
      challenge: a.challenge,
      recovery_code: recovery[3].toUpperCase().replace('-', ''),
    });
    expect(ok.statusCode).toBe(200);
    const b = await challenge(t.app, 'reseller@example.com');
    const again = await post(t.app, '/auth/2fa', { challenge: b.challenge, recovery_code: recovery[3] });
    expect(again.statusCode).toBe(401);
    expect(again.json().detail).toMatch(/recovery code/);
    expect(
      (await t.app.inject({ method: 'GET', url: api('/auth/2fa'), headers: auth })).json().recovery_codes_left,
    ).toBe(9);
  });

  it('counts wrong codes toward the account lock, which then refuses even a right code', async () => {
    const { secret } = await enrol(t.app, 'globex-admin@example.com');
    const c = await challenge(t.app, 'globex-admin@example.com');
    const wrong = nextCode(secret) === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++)
      expect((await post(t.app, '/auth/2fa', { challenge: c.challenge, code: wrong })).statusCode).toBe(401);
    const locked = await post(t.app, '/auth/2fa', { challenge: c.challenge, code: nextCode(secret) });
    expect(locked.statusCode).toBe(429);
    expect(locked.headers['retry-after']).toBeDefined();
    // the password step is locked too: the counts are one
    expect(
      (await post(t.app, '/auth', { email: 'globex-admin@example.com', password: DEMO_PASSWORD })).statusCode,
    ).toBe(429);
  });

  it('turns off with a current code or the password, naming the wrong field; a missing code is a 400', async () => {
    await freshStep();
    const { secret, auth } = await enrol(t.app, 'acme-admin@example.com');
    expect(fieldErrorsOf(await post(t.app, '/auth/2fa/disable', {}, auth))).toEqual({
      errors: { code: expect.any(String) },
    });
    const bad = await post(t.app, '/auth/2fa/disable', { password: 'not-the-password' }, auth);
    expect(bad.statusCode).toBe(400);
    expect(fieldsOf(bad).password).toMatch(/wrong/);
    expect((await post(t.app, '/auth/2fa/disable', { code: nextCode(secret) }, auth)).statusCode).toBe(200);
    expect((await t.app.inject({ method: 'GET', url: api('/auth/2fa'), headers: auth })).json()).toMatchObject({
      enabled: false,
      recovery_codes_left: 0,
    });
    // signing in is one step again
    expect(
      (await post(t.app, '/auth', { email: 'acme-admin@example.com', password: DEMO_PASSWORD })).json().token,
    ).toEqual(expect.any(String));
    // enable → disable with the password also works
    await post(t.app, '/auth/2fa/setup', {}, auth);
    const s2 = (await post(t.app, '/auth/2fa/setup', {}, auth)).json().secret;
    expect((await post(t.app, '/auth/2fa/enable', { code: '123' }, auth)).statusCode).toBe(400);
    expect((await post(t.app, '/auth/2fa/enable', { code: totpNow(s2) }, auth)).statusCode).toBe(200);
    expect((await post(t.app, '/auth/2fa/disable', { password: DEMO_PASSWORD }, auth)).statusCode).toBe(200);
  });
});

describe('two-factor required for system admins (REQUIRE_2FA_SYSTEM_ADMIN)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ require2faSystemAdmin: true });
  }, 120_000);
  afterAll(async () => t.close());

  it('gives a system admin without two-factor no session until it enrols, then asks for a code each time', async () => {
    const c = await challenge(t.app, 'admin@example.com');
    expect(c.two_factor).toBe('enrol');
    // a verify step with an enrol challenge gets nowhere
    expect((await post(t.app, '/auth/2fa', { challenge: c.challenge, code: '123456' })).statusCode).toBe(401);
    const setup = await post(t.app, '/auth/2fa/enrol/setup', { challenge: c.challenge });
    expect(setup.statusCode).toBe(200);
    const { secret } = setup.json();
    const done = await post(t.app, '/auth/2fa/enrol', { challenge: c.challenge, code: totpNow(secret) });
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ user_type: 'admin', recovery_codes: expect.any(Array) });
    const auth = bearer(done.json().token);
    expect((await t.app.inject({ method: 'GET', url: api('/auth/2fa'), headers: auth })).json()).toMatchObject({
      enabled: true,
      required: true,
    });
    // it cannot be turned off while required
    expect((await post(t.app, '/auth/2fa/disable', { password: DEMO_PASSWORD }, auth)).statusCode).toBe(409);
    expect((await challenge(t.app, 'admin@example.com')).two_factor).toBe('verify');
    // other user types are not concerned
    expect(
      (await post(t.app, '/auth', { email: 'reseller@example.com', password: DEMO_PASSWORD })).json().token,
    ).toEqual(expect.any(String));
  });

  it("lets a reseller read the two-factor entries of its companies' users, not of others", async () => {
    await enrol(t.app, 'acme-user@example.com');
    await enrol(t.app, 'globex-user@example.com');
    const reseller = bearer(await login(t.app, 'reseller@example.com'));
    const seen = (
      await t.app.inject({ method: 'GET', url: api('/audit/list?entity=two_factor&per_page=100'), headers: reseller })
    ).json();
    const all = await t.app.db
      .selectFrom('audit_log')
      .select(['reseller_uuid', 'entity_id'])
      .where('entity', '=', 'two_factor')
      .execute();
    const resellerUuid = (
      await t.app.db
        .selectFrom('users')
        .select('reseller_uuid')
        .where('email', '=', 'reseller@example.com')
        .executeTakeFirstOrThrow()
    ).reseller_uuid;
    const mine = all
      .filter((e) => e.reseller_uuid === resellerUuid)
      .map((e) => e.entity_id)
      .sort();
    expect(seen.items.map((e: { entity_id: string }) => e.entity_id).sort()).toEqual(mine);
    expect(all.length).toBeGreaterThan(mine.length);
  });
});
