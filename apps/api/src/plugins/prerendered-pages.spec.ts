import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { prerenderedFile, readPrerenderManifest } from './prerendered-pages';
import { api, createTestApp, type TestApp } from '../testing/test-app';

const HTML = { accept: 'text/html,application/xhtml+xml' };
const HASH = "'sha256-NoMmqNvYTq8acgJz/qpLJMY3yIhvO0Anky/ijTa0+ZY='";
const PAGES = [
  { path: '/login', file: 'login.html' },
  { path: '/registration', file: 'registration.html' },
  { path: api('/registration/confirm/:token'), file: 'confirm-registration.html' },
  { path: '/forgot-password', file: 'forgot-password.html' },
  { path: '/forgot-password/:token', file: 'reset-password.html' },
];

function webRootWith(manifest: unknown): string {
  const webRoot = mkdtempSync(path.join(tmpdir(), 'smsc-prerender-'));
  const shell = path.join(webRoot, 'shell');
  mkdirSync(shell);
  writeFileSync(path.join(shell, 'index.html'), '<title>shell</title>');
  for (const { file } of PAGES) writeFileSync(path.join(shell, file), `<title>${file}</title>`);
  writeFileSync(path.join(webRoot, 'secret.html'), 'not a console page');
  writeFileSync(path.join(shell, 'prerender.json'), typeof manifest === 'string' ? manifest : JSON.stringify(manifest));
  return webRoot;
}

describe('prerendered public pages', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = webRootWith({ pages: PAGES, scriptHashes: [HASH] });
    t = await createTestApp({ webRoot });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  const page = async (url: string) => {
    const res = await t.app.inject({ url, headers: HTML });
    return [res.statusCode, res.body, res.headers['cache-control'], String(res.headers['content-type'])];
  };

  it.each([
    ['/login', 'login.html'],
    ['/login?redirect=%2Fcompany-admin%2Fusers', 'login.html'],
    ['/registration', 'registration.html'],
    ['/forgot-password', 'forgot-password.html'],
    ['/forgot-password/Zm9vYmFyYmF6', 'reset-password.html'],
    [api(`/registration/confirm/${'a'.repeat(43)}`), 'confirm-registration.html'],
  ])('answers %s with %s, uncached like index.html', async (url, file) => {
    const [status, body, cache, type] = await page(url);
    expect([status, body, cache]).toEqual([200, `<title>${file}</title>`, 'no-cache']);
    expect(type).toMatch(/^text\/html/);
  });

  it.each(['/', '/login/more', '/forgot-password/a/b', '/registrations', '/company-admin/users/42'])(
    'answers %s with index.html',
    async (url) => {
      expect((await page(url)).slice(0, 3)).toEqual([200, '<title>shell</title>', 'no-cache']);
    },
  );

  it('compresses the pages for a browser that accepts it', async () => {
    const send = (encoding: string) =>
      t.app.inject({ url: '/login', headers: { ...HTML, 'accept-encoding': encoding } });
    const br = await send('gzip, deflate, br, zstd');
    expect([br.headers['content-encoding'], br.headers.vary]).toEqual(['br', 'accept-encoding']);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe('<title>login.html</title>');
    const gzip = await send('gzip;q=1, br;q=0');
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gzip.rawPayload).toString()).toBe('<title>login.html</title>');
    const index = await t.app.inject({ url: '/company-admin', headers: { ...HTML, 'accept-encoding': 'gzip' } });
    expect(gunzipSync(index.rawPayload).toString()).toBe('<title>shell</title>');
    const plain = await send('identity');
    expect([plain.headers['content-encoding'], plain.body]).toEqual([undefined, '<title>login.html</title>']);
  });

  it('serves a page written anew by a redeploy, not the compressed copy of the old one', async () => {
    const file = path.join(webRoot, 'shell/registration.html');
    writeFileSync(file, '<title>registration, next deploy</title>');
    const res = await t.app.inject({ url: '/registration', headers: { ...HTML, 'accept-encoding': 'br' } });
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe('<title>registration, next deploy</title>');
    writeFileSync(file, '<title>registration.html</title>');
  });

  it('keeps the API answers of the confirmation path for non-browser calls', async () => {
    const url = api(`/registration/confirm/${'a'.repeat(43)}`);
    expect((await t.app.inject({ url })).statusCode).toBe(405);
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(400);
  });

  it("allows the pages' inline script by its hash in the CSP, never 'unsafe-inline'", async () => {
    const res = await t.app.inject({ url: '/login', headers: HTML });
    const scriptSrc = String(res.headers['content-security-policy'])
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith('script-src '));
    expect(scriptSrc).toBe(`script-src 'self' ${HASH}`);
  });
});

describe('prerender.json', () => {
  it('reads nothing from a build without one, or from a broken one', () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'smsc-prerender-'));
    expect(readPrerenderManifest(empty)).toEqual({ pages: [], scriptHashes: [] });
    const broken = webRootWith('{ not json');
    expect(readPrerenderManifest(path.join(broken, 'shell'))).toEqual({ pages: [], scriptHashes: [] });
    rmSync(empty, { recursive: true, force: true });
    rmSync(broken, { recursive: true, force: true });
  });

  it('drops entries that could name a file outside the shell or inject a CSP source', () => {
    const webRoot = webRootWith({
      pages: [
        { path: '/login', file: '../secret.html' },
        { path: '/x/../y', file: 'x.html' },
        { path: '/registration', file: 'registration.html' },
      ],
      scriptHashes: [HASH, "'unsafe-inline'", "'sha256-abc' 'unsafe-eval'"],
    });
    const manifest = readPrerenderManifest(path.join(webRoot, 'shell'));
    expect(manifest.pages.map((p) => p.file)).toEqual(['registration.html']);
    expect(manifest.scriptHashes).toEqual([HASH]);
    expect(prerenderedFile(manifest, '/login')).toBeUndefined();
    expect(prerenderedFile(manifest, '/registration')).toBe('registration.html');
    rmSync(webRoot, { recursive: true, force: true });
  });
});
