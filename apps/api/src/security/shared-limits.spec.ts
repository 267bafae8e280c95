import type { FastifyInstance } from 'fastify';
import { api, createTestApp, DEMO_PASSWORD, secondNode, type TestApp } from '../testing/test-app';

/**
 * Two API instances on one database, each with its own memory (as two processes behind a load
 * balancer): the per-IP login and registration limits and the per-account lock hold across both.
 */
describe('login and registration limits shared by two API instances', () => {
  const limits = { loginPerIp: 4, loginFailuresPerAccount: 3 };
  let first: TestApp;
  let second: FastifyInstance;
  beforeAll(async () => {
    first = await createTestApp(limits);
    second = await secondNode(first, limits);
  }, 120_000);
  afterAll(async () => {
    // a failed start must not leave the first instance's workers running into the next file
    await second?.close();
    await first?.close();
  });

  const signIn = (app: FastifyInstance, ip: string, email: string, password: string) =>
    app.inject({ method: 'POST', url: api('/auth'), remoteAddress: ip, payload: { email, password } });

  it("counts one IP's sign-ins on both instances together", async () => {
    const statuses: number[] = [];
    // a different account each time, so only the per-IP limit can stop them
    for (const [i, app] of [first.app, second, first.app, second, first.app, second].entries()) {
      statuses.push((await signIn(app, '10.0.0.1', `nobody${i}@example.com`, 'wrong-password-1')).statusCode);
    }
    // 4 allowed in the window, whichever instance answered; in-memory counters would allow 3 + 3.
    expect(statuses).toEqual([401, 401, 401, 401, 429, 429]);
    // another address is not affected
    expect((await signIn(second, '10.0.0.2', 'nobody@example.com', 'wrong-password-1')).statusCode).toBe(401);
  });

  it('limits registration per IP across both instances', async () => {
    const statuses: number[] = [];
    for (const app of [second, first.app, second, first.app, second]) {
      const res = await app.inject({
        method: 'POST',
        url: api('/registration'),
        remoteAddress: '10.0.0.9',
        payload: { email: 'not-an-email' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 4).every((s) => s === 400)).toBe(true);
    expect(statuses[4]).toBe(429);
  });

  it('locks an account after failures spread over both instances', async () => {
    // each attempt from its own address, so only the account lock can stop them
    expect((await signIn(first.app, '10.1.0.1', 'acme-user@example.com', 'wrong-1')).statusCode).toBe(401);
    expect((await signIn(second, '10.1.0.2', 'acme-user@example.com', 'wrong-2')).statusCode).toBe(401);
    expect((await signIn(first.app, '10.1.0.3', 'acme-user@example.com', 'wrong-3')).statusCode).toBe(401);
    const locked = await signIn(second, '10.1.0.4', 'acme-user@example.com', DEMO_PASSWORD);
    expect(locked.statusCode).toBe(429);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(0);
  });
});
