import { sendProblem } from '../lib/problem';
import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';
import { prerenderedFile, readPrerenderManifest } from './prerendered-pages';
import { compressedPages } from './compressed-pages';

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

declare module 'fastify' {
  /** Answers a console page: the prerendered page of a public path (login.html, …), else index.html. */
  interface FastifyInstance {
    sendShell(reply: FastifyReply, pathname?: string): FastifyReply;
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
  app.decorate('sendShell', (reply: FastifyReply, pathname?: string) => {
    if (!existsSync(indexFile))
      return sendProblem(reply.request, reply, { status: 404, code: 'not_found', detail: 'Console is not built' });
    const page = pathname === undefined ? undefined : prerenderedFile(prerender, pathname);
    const file = page && existsSync(path.join(shellDir, page)) ? path.join(shellDir, page) : indexFile;
    const { encoding, body } = pages.read(file, String(reply.request.headers['accept-encoding'] ?? ''));
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
    // wildcard routes hand a missing file to the not-found handler, which answers the SPA fallback.
    await app.register(fastifyStatic, {
      root: shellDir,
      prefix: '/',
      decorateReply: !decorated,
      setHeaders,
      preCompressed: true,
    });
  }
});
