import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { brotliCompressSync, brotliDecompressSync, gzipSync } from 'node:zlib';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { REMOTES } from './static-web';
import { api, createTestApp, type TestApp } from '../testing/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };

describe('console files', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(path.join(tmpdir(), 'smsc-web-'));
    mkdirSync(path.join(webRoot, 'shell'));
    writeFileSync(path.join(webRoot, 'shell/index.html'), '<!doctype html><title>shell</title>');
    writeFileSync(path.join(webRoot, 'shell/main.3f2a.js'), 'console.log(1)');
    for (const r of REMOTES) {
      mkdirSync(path.join(webRoot, r));
      writeFileSync(path.join(webRoot, r, 'remoteEntry.js'), `/* ${r} */`);
    }
    writeFileSync(path.join(webRoot, 'reseller/411.abcd.js'), '/* chunk */');
    // the build's compressed copies (tools/webpack/precompress-plugin.ts)
    writeFileSync(path.join(webRoot, 'shell/main.3f2a.js.br'), brotliCompressSync('console.log(1)'));
    writeFileSync(path.join(webRoot, 'shell/main.3f2a.js.gz'), gzipSync('console.log(1)'));
    writeFileSync(path.join(webRoot, 'system-admin/remoteEntry.js.br'), brotliCompressSync('/* system-admin */'));
    // started as production starts: every route's response serializer compiles at start, so a schema that cannot
    // compile fails here (the other server specs compile each on first use)
    t = await createTestApp({ webRoot, chunkTimeoutMs: 5000, lazySerializers: false });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it('serves the shell at / and entry files uncached, hashed files long-cached', async () => {
    const index = await t.app.inject({ url: '/', headers: HTML });
    expect(index.statusCode).toBe(200);
    expect(index.body).toContain('<title>shell</title>');
    expect(index.headers['cache-control']).toBe('no-cache');
    const hashed = await t.app.inject({ url: '/main.3f2a.js' });
    expect(hashed.headers['cache-control']).toMatch(/max-age=31536000/);
    const entry = await t.app.inject({ url: '/remotes/company-admin/remoteEntry.js' });
    expect([entry.statusCode, entry.body, entry.headers['cache-control']]).toEqual([
      200,
      '/* company-admin */',
      'no-cache',
    ]);
    const chunk = await t.app.inject({ url: '/remotes/reseller/411.abcd.js' });
    expect(chunk.headers['cache-control']).toMatch(/immutable/);
  });

  it("sends the build's compressed copy a browser accepts, as JavaScript, cached by the plain file's rule", async () => {
    const br = await t.app.inject({ url: '/main.3f2a.js', headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect([br.headers['content-encoding'], br.headers['content-type']]).toEqual([
      'br',
      expect.stringMatching(/javascript/),
    ]);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('console.log(1)');
    expect(br.headers['cache-control']).toMatch(/immutable/);
    const gz = await t.app.inject({ url: '/main.3f2a.js', headers: { 'accept-encoding': 'gzip' } });
    expect(gz.headers['content-encoding']).toBe('gzip');
    const plain = await t.app.inject({ url: '/main.3f2a.js' });
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, 'console.log(1)']);
    // a redeployed remote must win on the next load: its compressed entry is as uncached as the plain one
    const entry = await t.app.inject({
      url: '/remotes/system-admin/remoteEntry.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect([entry.headers['content-encoding'], entry.headers['cache-control']]).toEqual(['br', 'no-cache']);
  });

  it('answers the remotes manifest', async () => {
    const res = await t.app.inject({ url: '/remotes.json' });
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.json()).toEqual({
      remotes: {
        system_admin: '/remotes/system-admin/remoteEntry.js',
        company_admin: '/remotes/company-admin/remoteEntry.js',
        company_user: '/remotes/company-user/remoteEntry.js',
        reseller: '/remotes/reseller/remoteEntry.js',
      },
      chunkTimeoutMs: 5000,
    });
  });

  it('falls back to the shell for deep links but not for API paths or non-HTML requests', async () => {
    const deep = await t.app.inject({ url: '/company-admin/users/42', headers: HTML });
    expect([deep.statusCode, deep.body]).toEqual([200, '<!doctype html><title>shell</title>']);
    const missingAsset = await t.app.inject({ url: '/missing.js', headers: { accept: '*/*' } });
    expect(missingAsset.statusCode).toBe(404);
    const apiMiss = await t.app.inject({ url: api('/nothing/here'), headers: HTML });
    expect(apiMiss.statusCode).toBe(404);
    expect(apiMiss.json()).toMatchObject({
      code: 'route_not_found',
      detail: `Route GET ${api('/nothing/here')} not found`,
    });
  });

  it('gives a browser the shell for the confirmation link while POST reaches the API', async () => {
    const url = api(`/registration/confirm/${'a'.repeat(43)}`);
    const page = await t.app.inject({ url, headers: HTML });
    expect(page.body).toContain('<title>shell</title>');
    const post = await t.app.inject({ method: 'POST', url });
    expect(post.statusCode).toBe(400);
    expect(post.json().detail).toMatch(/invalid, expired or already used/);
  });

  it('serves the API docs', async () => {
    const res = await t.app.inject({ url: api('/docs/json') });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain(api('/company/list'));
  });
});
