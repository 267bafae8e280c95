// Operations: GET /health (the process answers), GET /ready (database, job queue, gateway binds; 503
// naming the failing part) and GET /metrics (Prometheus text), outside the API prefix and its sign-in.
// /metrics is for the scraper only: with METRICS_TOKEN set it needs that bearer token, otherwise it
// answers loopback callers only (docs/deployment.md: the proxy must not forward it).
import fp from 'fastify-plugin';
import { timingSafeEqual, createHash } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appliedMigrations } from '../db/migrator';
import { HttpError } from '../lib/http-error';
import { OpsRegistry } from './registry';
import { renderMetrics } from './snapshot';

export { OpsRegistry, type OpsSources, type Probe } from './registry';
export { operationsSnapshot } from './snapshot';

declare module 'fastify' {
  interface FastifyInstance {
    /** this node's operations state: HTTP and receipt figures, readiness probes, the domains' sources */
    ops: OpsRegistry;
  }
}

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);
const digest = (s: string) => createHash('sha256').update(s).digest();

export function mayScrape(req: FastifyRequest, token: string | undefined): boolean {
  if (!token) return LOOPBACK.has(req.socket.remoteAddress ?? '');
  const header = req.headers.authorization ?? '';
  const given = header.startsWith('Bearer ') ? header.slice(7).trim() : '';
  return timingSafeEqual(digest(given), digest(token));
}

export default fp(
  async function ops(app: FastifyInstance) {
    const ops = new OpsRegistry();
    app.decorate('ops', ops);
    // a read of our own schema, not just `select 1`: a database that answers without it cannot serve us
    ops.probe('database', async () => {
      return `answers, ${await appliedMigrations(app.db)} migrations applied`;
    });

    app.addHook('onResponse', async (req, reply) => {
      const route = req.routeOptions.url ?? 'unmatched';
      const status = reply.statusCode;
      ops.httpRequests.inc({ method: req.method, route, status: `${Math.floor(status / 100)}xx` });
      ops.httpDuration.observe(reply.elapsedTime / 1000, { method: req.method, route });
    });
    app.addHook('preClose', async () => {
      ops.closing = true;
    });
    app.addHook('onClose', async () => ops.runtime.stop());

    const hide = { hide: true };
    app.get('/health', { schema: hide }, async () => ({ ok: true, uptime_seconds: (Date.now() - ops.started) / 1000 }));
    app.get('/ready', { schema: hide }, async (_req, reply) => {
      const r = await ops.readiness();
      return reply.code(r.ok ? 200 : 503).send(r);
    });
    app.get('/metrics', { schema: hide }, async (req, reply) => {
      if (!mayScrape(req, app.config.env.METRICS_TOKEN))
        throw new HttpError(401, 'Metrics need the METRICS_TOKEN bearer token (or a loopback caller when it is unset)');
      return reply.type('text/plain; version=0.0.4; charset=utf-8').send(await renderMetrics(app));
    });
  },
  { name: 'ops' },
);
export { closeOnSignals } from './graceful-shutdown';
