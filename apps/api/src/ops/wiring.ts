// The domains' side of operations, registered inside the API's routes context where the job queue and
// the gateway are decorated: the readiness probes and figures of those two, and GET /operations (the
// system admin's Operations screen reads the same snapshot /metrics exports).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { OperationsSnapshot } from '@smsc/shared-contract';
import { adminOnly } from '../lib/access';
import { jobQueueSchema } from '../db/job-queue-backend';
import { operationsSnapshot } from './snapshot';

export default fp(
  async function opsWiring(app: FastifyInstance) {
    const ops = app.ops;
    const schema = jobQueueSchema(app.db, app.config.dbSchema);
    // pg-boss's own connection (its pool on PostgreSQL): a stopped or broken queue fails here, not in the database probe
    const query = async <T>(text: string) => ((await app.jobs.boss.getDb().executeSql(text, [])) as { rows: T[] }).rows;
    ops.probe('job queue', async () => {
      await query(`select 1 from ${schema}.version`);
      return 'answers';
    });
    ops.sources.jobQueues = async () =>
      (
        await query<{ queue: string; waiting: number; active: number; oldest: Date | null }>(
          `select name as queue, count(*) filter (where state in ('created', 'retry'))::int as waiting,
             count(*) filter (where state = 'active')::int as active,
             min(created_on) filter (where state in ('created', 'retry') and start_after <= now()) as oldest
           from ${schema}.job where state in ('created', 'retry', 'active') group by name order by name`,
        )
      ).map((r) => ({ ...r, queue: r.queue.replace(/__keyed$/, '') }));

    ops.sources.jobFailures = async () => {
      const [retrying, dead] = await Promise.all([
        query<{ queue: string; n: number }>(
          `select name as queue, count(*)::int as n from ${schema}.job where state = 'retry' group by name`,
        ),
        app.jobs.dead.counts(),
      ]);
      const by = new Map<string, { queue: string; retrying: number; dead: number }>();
      const of = (queue: string) => {
        const known = by.get(queue);
        if (known) return known;
        const made = { queue, retrying: 0, dead: 0 };
        by.set(queue, made);
        return made;
      };
      for (const r of retrying) of(r.queue.replace(/__keyed$/, '')).retrying += r.n;
      for (const d of dead) of(d.queue).dead += d.dead;
      return [...by.values()].sort((a, b) => a.queue.localeCompare(b.queue));
    };
    ops.sources.gateway = async () => app.gatewayControl?.status?.();
    ops.sources.window =
      app.config.messaging?.kannel?.layout.window ??
      (app.config.env.KANNEL_SENDSMS_URL ? app.config.env.KANNEL_WINDOW : null);
    ops.probe('gateway', async () => {
      const health = await app.gatewayControl?.status?.();
      if (!health) return `${app.gateway.kind}: no link health reported`;
      if (!health.reachable) throw new Error(health.message);
      const down = health.links.filter((l) => l.state !== 'online');
      if (health.links.length && down.length === health.links.length)
        throw new Error(`no link bound: ${down.map((l) => `${l.smsc_id} ${l.state}`).join(', ')}`);
      const bound = health.links.length - down.length;
      return `${health.gateway}: ${bound} of ${health.links.length} link(s) bound`;
    });

    app.get(
      '/operations',
      {
        config: { access: adminOnly },
        schema: {
          tags: ['operations'],
          response: { 200: OperationsSnapshot },
          description:
            'What /metrics exports, for the Operations screen: readiness, HTTP figures of this node, messages by state, job queues, receipt latency, links, outbox and webhook failures.',
        },
      },
      async () => operationsSnapshot(app),
    );
  },
  { name: 'ops-wiring', dependencies: ['ops', 'jobs', 'numbers', 'messaging'] },
);
