import { sendProblem } from '../lib/problem';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { prerenderedFile, readPrerenderManifest } from './prerendered-pages';
import { compressedPages, type PageVariant } from './compressed-pages';

export const REMOTES = ['system-admin', 'company-admin', 'company-user', 'reseller'] as const;

// Entry files (pages among them) change on every deploy under the same name; everything else is content-hashed.
const NO_CACHE = new Set(['remoteEntry.js', 'sw.js']);
// the file sent may be the build's compressed copy (main.js.br): its name without .br/.gz decides
const noCache = (file: string) => {
  const name = file.replace(/\.(br|gz)$/, '');
  return NO_CACHE.has(path.basename(name)) || name.endsWith('.html');
};
const setHeaders = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', noCache(file) ? 'no-cache' : 'public, max-age=31536000, immutable');

const SELF_REMOVING_SW = `self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (e) => e.waitUntil(caches.keys()
  .then((keys) => Promise.all(keys.map((k) => caches.delete(k))))
  .then(() => self.registration.unregister())));
`;

/** The page a host is served in: its brand's rewrite of index.html, or undefined for the console's own. */
export type ShellBrandOf = (host: string) => Promise<PageVariant | undefined>;

declare module 'fastify' {
  interface FastifyInstance {
    /** Answers a console page: the prerendered page of a public path (login.html, …), else index.html. */
    sendShell(reply: FastifyReply, pathname?: string): Promise<FastifyReply>;
    /** The branding domain hands over how a host's page is branded (branding/index.ts). */
    useShellBrand(brandOf: ShellBrandOf): void;
  }
}

/** Serves the built console (dist/apps/<app>) and the manifest the shell reads at start-up. */
export default fp(async (app) => {
  const { webRoot, chunkTimeoutMs } = app.config;
  app.get('/remotes.json', async (_req, reply) => {
    reply.header('cache-control', 'no-cache');
    return {
      remotes: Object.fromEntries(REMOTES.map((r) => [r.replace('-', '_'), `/remotes/${r}/remoteEntry.js`])),
      chunkTimeoutMs,
    };
  });

  const shellDir = path.join(webRoot, 'shell');
  const indexFile = path.join(shellDir, 'index.html');
  const prerender = readPrerenderManifest(shellDir);
  const pages = compressedPages();
  let brandOf: ShellBrandOf = async () => undefined;
  app.decorate('useShellBrand', (fn: ShellBrandOf) => {
    brandOf = fn;
  });
  app.decorate('sendShell', async (reply: FastifyReply, pathname?: string) => {
    if (!existsSync(indexFile))
      return sendProblem(reply.request, reply, { status: 404, code: 'not_found', detail: 'Console is not built' });
    // A branded page is index.html with the brand written in: a prerendered page is drawn in the console's own
    // look (its markup and antd styles), which must not show on a reseller's host before the shell redraws it.
    const brand = await brandOf(reply.request.hostname);
    const page = pathname === undefined || brand ? undefined : prerenderedFile(prerender, pathname);
    const file = page && existsSync(path.join(shellDir, page)) ? path.join(shellDir, page) : indexFile;
    const { encoding, body } = pages.read(file, String(reply.request.headers['accept-encoding'] ?? ''), brand);
    if (encoding) reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-cache')
      .header('vary', 'accept-encoding')
      .type('text/html; charset=utf-8')
      .send(body);
  });

  // A browser opening the confirmation link from the mail gets the SPA; the SPA then POSTs the token.
  app.get(
    `${API_PREFIX}/registration/confirm/:token`,
    { config: { access: 'public' }, schema: { hide: true } },
    async (req, reply) => {
      if ((req.headers.accept ?? '').includes('text/html')) return app.sendShell(reply, req.url.split('?')[0]);
      return sendProblem(req, reply, { status: 405, detail: 'Use POST to confirm a registration' });
    },
  );

  if (!existsSync(webRoot)) {
    app.log.warn(`web root ${webRoot} not found; serving the API only`);
    return;
  }
  let decorated = false;
  for (const remote of REMOTES) {
    const root = path.join(webRoot, remote);
    if (!existsSync(root)) continue;
    // preCompressed: the build writes name.js.br and name.js.gz beside each script (tools/webpack/precompress-plugin.ts)
    await app.register(fastifyStatic, {
      root,
      prefix: `/remotes/${remote}/`,
      decorateReply: !decorated,
      setHeaders,
      index: false,
      preCompressed: true,
    });
    decorated = true;
  }
  if (existsSync(shellDir)) {
    // The pages themselves go through sendShell (a host's brand is written into them): `/` and /index.html here,
    // deep links through the not-found handler, to which the wildcard route hands a missing file.
    app.get('/', { schema: { hide: true } }, (_req, reply) => app.sendShell(reply, '/'));
    app.get('/index.html', { schema: { hide: true } }, (_req, reply) => app.sendShell(reply));
    // On a branded host the service worker would precache and then serve the build's own (unbranded) pages:
    // there sw.js is one that empties its caches and unregisters itself, also ending one installed before the
    // host was verified (a changed sw.js is picked up on the next navigation).
    app.get('/sw.js', { schema: { hide: true } }, async (req, reply) => {
      reply.header('cache-control', 'no-cache');
      if (await brandOf(req.hostname)) return reply.type('text/javascript; charset=utf-8').send(SELF_REMOVING_SW);
      return reply.sendFile('sw.js', shellDir);
    });
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: !decorated,
      setHeaders,
      preCompressed: true,
      index: false,
    });
  }
});
