import type { FastifyInstance } from 'fastify';
import { parseTrustProxy } from '../config';
import { api, createTestApp, type TestApp } from '../testing/test-app';

const PROXY = '10.20.30.40';

/** A failed login as a client behind the proxy (or straight from `from` when no forwarded address is given). */
const attempt = (app: FastifyInstance, from: string, forwardedFor?: string) =>
  app.inject({
    method: 'POST',
    url: api('/auth'),
    remoteAddress: from,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
    payload: { email: 'nobody@example.com', password: 'wrong-pass-1' },
  });

async function statuses(app: FastifyInstance, n: number, from: string, forwardedFor?: string) {
  const out: number[] = [];
  for (let i = 0; i < n; i++) out.push((await attempt(app, from, forwardedFor)).statusCode);
  return out;
}

describe('TRUST_PROXY: login limits per real client behind a reverse proxy', () => {
  let behind: TestApp;
  let direct: TestApp;
  beforeAll(async () => {
    [behind, direct] = await Promise.all([
      createTestApp({ loginPerIp: 3, loginFailuresPerAccount: 1000, trustProxy: [PROXY] }),
      createTestApp({ loginPerIp: 3, loginFailuresPerAccount: 1000 }),
    ]);
  }, 120_000);
  afterAll(async () => Promise.all([behind?.close(), direct?.close()]));

  it('with the proxy trusted, one client using up its limit leaves the next client behind the proxy alone', async () => {
    expect(await statuses(behind.app, 4, PROXY, '203.0.113.10')).toEqual([401, 401, 401, 429]);
    expect(await statuses(behind.app, 1, PROXY, '203.0.113.11')).toEqual([401]);
  });

  it('ignores X-Forwarded-For from an address that is not a trusted proxy', async () => {
    expect(await statuses(behind.app, 3, '198.51.100.7', '203.0.113.20')).toEqual([401, 401, 401]);
    // a new made-up forwarded address does not buy a fresh bucket
    expect(await statuses(behind.app, 1, '198.51.100.7', '203.0.113.21')).toEqual([429]);
  });

  it('off by default: the forwarded header is ignored, so every client behind the proxy shares its bucket', async () => {
    expect(await statuses(direct.app, 3, PROXY, '203.0.113.30')).toEqual([401, 401, 401]);
    expect(await statuses(direct.app, 1, PROXY, '203.0.113.31')).toEqual([429]);
  });

  it('reads true, false, a hop count and a list of addresses or CIDR ranges, and refuses anything else', () => {
    expect([undefined, '', 'false', 'FALSE'].map(parseTrustProxy)).toEqual([false, false, false, false]);
    expect(parseTrustProxy('true')).toBe(true);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.1, 192.168.0.0/16 ,fd00::/8')).toEqual(['10.0.0.1', '192.168.0.0/16', 'fd00::/8']);
    for (const bad of ['yes', 'proxy.example.com', '10.0.0.0/33', '10.0.0.1/8/1', '-1', '1.5'])
      expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
  });
});
