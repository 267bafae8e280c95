import fp from 'fastify-plugin';
import fastifyStatic from '@fastify/static';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { FastifyReply } from 'fastify';
import { API_PREFIX } from '@smsc/shared-contract';

export const REMOTES = ['system-admin', 'company-admin', 'company-user', 'reseller'] as const;

// Entry files change on every deploy under the same name; everything else is content-hashed.
const NO_CACHE = new Set(['remoteEntry.js', 'index.html', 'sw.js']);
const setHeaders = (reply: FastifyReply, file: string) =>
  reply.header('cache-control', NO_CACHE.has(path.basename(file)) ? 'no-cache' : 'public, max-age=31536000, immutable');

declare module 'fastify' {
  interface FastifyInstance { sendShell(reply: FastifyReply): FastifyReply }
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
  app.decorate('sendShell', (reply: FastifyReply) => {
    if (!existsSync(indexFile)) return reply.code(404).send({ error: { message: 'Console is not built' } });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(readFileSync(indexFile));
  });

  // A browser opening the confirmation link from the mail gets the SPA; the SPA then POSTs the token.
  app.get(`${API_PREFIX}/registration/confirm/:token`, { config: { access: 'public' }, schema: { hide: true } }, async (req, reply) => {
    if ((req.headers.accept ?? '').includes('text/html')) return app.sendShell(reply);
    return reply.code(405).send({ error: { message: 'Use POST to confirm a registration' } });
  });

  if (!existsSync(webRoot)) {
    app.log.warn(`web root ${webRoot} not found; serving the API only`);
    return;
  }
  let decorated = false;
  for (const remote of REMOTES) {
    const root = path.join(webRoot, remote);
    if (!existsSync(root)) continue;
    await app.register(fastifyStatic, { root, prefix: `/remotes/${remote}/`, decorateReply: !decorated, setHeaders, index: false });
    decorated = true;
  }
  if (existsSync(shellDir)) {
    // wildcard routes hand a missing file to the not-found handler, which answers the SPA fallback.
    await app.register(fastifyStatic, { root: shellDir, prefix: '/', decorateReply: !decorated, setHeaders });
  }
});
