import { mkdtempSync, rmSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { build, type BuildOptions } from '../app';
import { DEMO_PASSWORD, api, dropSchemas } from '../testing/test-app';
import { checkProblemAnswers } from '../testing/problem-answers';

/**
 * The per-account lockout lives in the database: two server lives on the same storage (an on-disk
 * PGlite, or one Postgres schema) must share the count.
 */
describe('per-account login lockout (database-backed)', () => {
  const databaseUrl = process.env.DATABASE_URL || undefined;
  const storage: BuildOptions = databaseUrl
    ? { databaseUrl, dbSchema: `t_${randomBytes(6).toString('hex')}` }
    : { dataDir: mkdtempSync(path.join(tmpdir(), 'smsc-lockout-')) };
  // built here rather than by createTestApp (two lives on one storage): its answers are checked as a test app's
  const start = async () =>
    checkProblemAnswers(
      await build({
        ...storage,
        demoPassword: DEMO_PASSWORD,
        webRoot: '/nonexistent-web-root',
        loginFailuresPerAccount: 3,
        passwordHashCost: 'fast',
      }),
    );
  const attempt = (app: FastifyInstance, email: string, password: string, ip: string) =>
    app.inject({ method: 'POST', url: api('/auth'), remoteAddress: ip, payload: { email, password } });
  let app: FastifyInstance;

  afterAll(async () => {
    await app.close();
    // after close, as testing/test-app.ts does: a drop beside the running app could deadlock with its timers
    if (databaseUrl) await dropSchemas(databaseUrl, [storage.dbSchema as string, `${storage.dbSchema}_jobs`]);
    if (storage.dataDir) rmSync(storage.dataDir, { recursive: true, force: true });
  });

  it('keeps counting across a restart and answers 429 with Retry-After', async () => {
    app = await start();
    const email = 'acme-user@example.com';
    for (let i = 0; i < 3; i++) expect((await attempt(app, email, 'wrong-pass', `10.2.0.${i}`)).statusCode).toBe(401);
    await app.close();

    app = await start();
    const blocked = await attempt(app, email, DEMO_PASSWORD, '10.2.1.1');
    expect(blocked.statusCode).toBe(429);
    const retry = Number(blocked.headers['retry-after']);
    expect(retry).toBeGreaterThan(14 * 60);
    expect(retry).toBeLessThanOrEqual(15 * 60);
    expect(blocked.json().detail).toMatch(/Too many failed logins/);
    // Another account is not affected.
    expect((await attempt(app, 'acme-admin@example.com', DEMO_PASSWORD, '10.2.1.2')).statusCode).toBe(200);
  }, 60_000);

  it('lets the account in again once its window has passed, and a success clears the count', async () => {
    const email = 'acme-user@example.com';
    await app.db
      .updateTable('login_failures')
      .set({ window_start: new Date(Date.now() - 16 * 60 * 1000) })
      .where('email', '=', email)
      .execute();
    expect((await attempt(app, email, DEMO_PASSWORD, '10.2.2.1')).statusCode).toBe(200);
    expect(
      await app.db.selectFrom('login_failures').selectAll().where('email', '=', email).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('starts a fresh window after an expired one instead of adding to it', async () => {
    const email = 'globex-user@example.com';
    await app.db
      .insertInto('login_failures')
      .values({ email, failures: 9, window_start: new Date(Date.now() - 20 * 60 * 1000) })
      .execute();
    expect((await attempt(app, email, 'wrong-pass', '10.2.3.1')).statusCode).toBe(401);
    const row = await app.db
      .selectFrom('login_failures')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    expect(row.failures).toBe(1);
    expect(Date.now() - row.window_start.getTime()).toBeLessThan(60_000);
    expect((await attempt(app, email, DEMO_PASSWORD, '10.2.3.2')).statusCode).toBe(200);
  });

  it('counts an unknown address too, so probing cannot tell accounts apart', async () => {
    for (let i = 0; i < 3; i++)
      expect((await attempt(app, 'ghost@example.com', 'wrong-pass', `10.2.4.${i}`)).statusCode).toBe(401);
    expect((await attempt(app, 'GHOST@example.com', 'wrong-pass', '10.2.4.9')).statusCode).toBe(429);
  });
});
