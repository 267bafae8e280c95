// Several API nodes on one PostgreSQL: which node runs each periodic task (leadership.ts). Work that
// is already claimed row by row or job by job (pg-boss jobs, the outbox's leased rows, bulk recipients)
// runs on every node and needs no leader; docs/deployment.md lists each task and how it runs once.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { Leadership } from './leadership';

export { Leadership, type Role } from './leadership';

declare module 'fastify' {
  interface FastifyInstance {
    /** this node's roles among the API nodes (cluster/leadership.ts) */
    leadership: Leadership;
  }
}

export default fp(
  async function cluster(app: FastifyInstance) {
    const leadership = new Leadership({
      databaseUrl: app.config.databaseUrl,
      schema: app.config.dbSchema,
      pollMs: app.config.env.CLUSTER_POLL_MS,
      log: app.log,
    });
    app.decorate('leadership', leadership);
    // the domains register their roles while they load; the first poll settles them before they start
    app.addHook('onReady', () => leadership.start());
    // first thing in a shutdown: another node takes the roles within a poll, not after this node's drain
    // (a task already running here finishes; both the fold and a scheduled send tolerate that overlap)
    app.addHook('preClose', () => leadership.close());
  },
  { name: 'cluster' },
);
