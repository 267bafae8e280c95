import { randomBytes, scryptSync } from 'node:crypto';
import { parsePasswordHashCost } from '../config';
import { DEMO_PASSWORD, api, createTestApp, login, type TestApp } from '../testing/test-app';
import { COMMON_PASSWORD_COUNT, checkPasswordPolicy, hashPassword, needsRehash, verifyPassword } from './passwords';

/** A hash in the format used before PHC strings (scrypt N=2^14, r and p implied). */
function legacyHash(pw: string) {
  const salt = randomBytes(16);
  const key = scryptSync(pw, salt, 32, { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$16384$${salt.toString('base64')}$${key.toString('base64')}`;
}

describe('password hashes', () => {
  it('hashes at OWASP cost in a PHC string that names every parameter, off the event loop', async () => {
    let ticks = 0;
    const timer = setInterval(() => ticks++, 1);
    const started = Date.now();
    const hash = await hashPassword('long-enough-1', 'owasp');
    const took = Date.now() - started;
    clearInterval(timer);
    expect(hash).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$[A-Za-z0-9+/]{22}\$[A-Za-z0-9+/]{43}$/);
    // a synchronous hash would hold every timer until it returned
    expect(ticks).toBeGreaterThan(Math.min(5, took / 20));
    expect(await verifyPassword('long-enough-1', hash)).toBe(true);
    expect(await verifyPassword('long-enough-2', hash)).toBe(false);
    expect(needsRehash(hash, 'owasp')).toBe(false);
  });

  it('salts each hash, keeps verifying the old format, and asks to rehash anything below the cost', async () => {
    const a = await hashPassword('long-enough-1', 'fast');
    expect(a).not.toBe(await hashPassword('long-enough-1', 'fast'));
    expect(a).toMatch(/^\$scrypt\$ln=10,r=8,p=1\$/);
    const old = legacyHash('long-enough-1');
    expect(await verifyPassword('long-enough-1', old)).toBe(true);
    expect(await verifyPassword('long-enough-2', old)).toBe(false);
    expect([needsRehash(old, 'owasp'), needsRehash(a, 'owasp'), needsRehash(a, 'fast')]).toEqual([true, true, false]);
    // a corrupt or oversized stored cost is a failed check, never a huge allocation
    for (const bad of ['', 'nonsense', a.replace('ln=10', 'ln=30'), a.replace('p=1', 'p=9'), 'scrypt$1000$AAAA$AAAA'])
      expect(await verifyPassword('long-enough-1', bad)).toBe(false);
  });

  it('refuses the low test cost in production', () => {
    expect(parsePasswordHashCost(undefined, 'production')).toBe('owasp');
    expect(parsePasswordHashCost('fast', 'development')).toBe('fast');
    expect(() => parsePasswordHashCost('fast', 'production')).toThrow(/production/);
    expect(() => parsePasswordHashCost('cheap', undefined)).toThrow(/PASSWORD_HASH_COST/);
  });

  it('refuses short passwords and the tens of thousands of a common-password list', () => {
    expect(COMMON_PASSWORD_COUNT).toBeGreaterThan(15_000);
    expect(() => checkPasswordPolicy('short')).toThrow(/at least 8/);
    // none of these was on the old 17-word list
    for (const pw of ['Password1', 'sunshine', 'princess1', 'trustno1', 'superman', 'michelle', 'starwars'])
      expect(() => checkPasswordPolicy(pw)).toThrow(/common/);
    expect(() => checkPasswordPolicy('a-fine-passphrase')).not.toThrow();
    expect(() => checkPasswordPolicy(DEMO_PASSWORD)).not.toThrow();
  });
});

describe('rehash at sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ passwordHashCost: 'owasp' });
  }, 120_000);
  afterAll(async () => t.close());

  const storedHash = async (email: string) =>
    (await t.app.db.selectFrom('users').select('password_hash').where('email', '=', email).executeTakeFirstOrThrow())
      .password_hash;

  it('replaces an old-format hash with an OWASP one at the next successful sign-in, not on a failed one', async () => {
    const email = 'acme-staff-7@example.com';
    const old = legacyHash(DEMO_PASSWORD);
    await t.app.db.updateTable('users').set({ password_hash: old }).where('email', '=', email).execute();
    const wrong = await t.app.inject({
      method: 'POST',
      url: api('/auth'),
      payload: { email, password: 'not-the-password' },
    });
    expect(wrong.statusCode).toBe(401);
    expect(await storedHash(email)).toBe(old);
    await login(t.app, email);
    const now = await storedHash(email);
    expect(now).toMatch(/^\$scrypt\$ln=17,r=8,p=1\$/);
    expect(await verifyPassword(DEMO_PASSWORD, now)).toBe(true);
    // and the next sign-in works against the new hash without touching it again
    await login(t.app, email);
    expect(await storedHash(email)).toBe(now);
  });
});
