import { api, createTestApp, type TestApp } from '../testing/test-app';

describe('CORS and Content-Security-Policy', () => {
  describe('by default', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp();
    }, 120_000);
    afterAll(async () => t.close());

    it.each(['http://evil.example', 'null'])('does not allow Origin: %s', async (origin) => {
      const pre = await t.app.inject({
        method: 'OPTIONS',
        url: api('/auth'),
        headers: { origin, 'access-control-request-method': 'POST' },
      });
      expect(pre.headers['access-control-allow-origin']).toBeUndefined();
      const res = await t.app.inject({ method: 'GET', url: api('/country/list'), headers: { origin } });
      expect(res.headers['access-control-allow-origin']).toBeUndefined();
    });

    it('sends a CSP with own-origin scripts, no inline script and no framing', async () => {
      const res = await t.app.inject({ method: 'GET', url: '/remotes.json' });
      const csp = String(res.headers['content-security-policy']);
      const directive = (name: string) =>
        csp
          .split(';')
          .map((d) => d.trim())
          .find((d) => d.startsWith(`${name} `));
      expect(directive('script-src')).toBe("script-src 'self'");
      expect(directive('frame-ancestors')).toBe("frame-ancestors 'none'");
      expect(directive('object-src')).toBe("object-src 'none'");
      expect(directive('default-src')).toBe("default-src 'self'");
      expect(res.headers['x-frame-options']).toBe('DENY');
    });
  });

  describe('configured', () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({ corsOrigins: ['https://app.example'], cspRemoteOrigins: ['https://cdn.example'] });
    }, 120_000);
    afterAll(async () => t.close());

    it('allows exactly the listed origins', async () => {
      const ok = await t.app.inject({
        method: 'OPTIONS',
        url: api('/auth'),
        headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
      });
      expect(ok.headers['access-control-allow-origin']).toBe('https://app.example');
      for (const origin of ['https://evil.example', 'null', 'https://app.example.evil.example']) {
        const res = await t.app.inject({ method: 'GET', url: api('/country/list'), headers: { origin } });
        expect(res.headers['access-control-allow-origin']).toBeUndefined();
      }
    });

    it('lets the console load scripts and styles from the configured remote origins', async () => {
      const csp = String(
        (await t.app.inject({ method: 'GET', url: '/remotes.json' })).headers['content-security-policy'],
      );
      expect(csp).toContain("script-src 'self' https://cdn.example;");
      expect(csp).toContain("style-src 'self' https://cdn.example 'unsafe-inline';");
    });
  });
});
