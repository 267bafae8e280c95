// Durable jobs on pg-boss: queued work lives in the database, so it survives a restart and several
// server processes share it. On PGlite pg-boss runs through an executeSql adapter that holds the one
// connection for the whole statement (pg-boss sends its transactions as one BEGIN…COMMIT script),
// so no other component's statement can land inside one of its transactions.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import type { Kysely } from 'kysely';
import type { PGlite } from '@electric-sql/pglite';
import { Pool } from 'pg';
import type { Database } from '../db/schema';
import { pgliteOf } from '../db/connect';
import { apiOf } from '../lib/api-context';
import { inFlight, type InFlight } from './in-flight';

export interface SendOptions {
  startAfter?: Date;
  singletonKey?: string;
}
export type JobHandler<T> = (data: T) => Promise<void>;
export interface WorkOptions {
  /** how often an idle worker looks for new jobs (default 1 s) */
  pollingIntervalSeconds?: number;
}

export interface Jobs {
  send<T extends object>(name: string, data: T, opts?: SendOptions): Promise<string | null>;
  work<T extends object>(name: string, handler: JobHandler<T>, opts?: WorkOptions): Promise<void>;
  /** the underlying pg-boss (tests and benchmarks look at queue sizes) */
  readonly boss: PgBoss;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The job queue of an app, from the root instance tests hold or from inside the API. */
export const jobsOf = (app: FastifyInstance): Jobs => apiOf(app).jobs;

/** pg-boss's db option over PGlite: parameterised statements through query(), scripts through exec(). */
export function pgliteExecutor(db: Kysely<Database>, pg: PGlite, running: InFlight) {
  return {
    executeSql: (text: string, values?: unknown[]) =>
      running.run(() =>
        // connection() takes the dialect's queue slot, so Kysely transactions and pg-boss scripts never interleave.
        db.connection().execute(async () => {
          if (values && values.length) return { rows: (await pg.query(text, values)).rows };
          try {
            const results = await pg.exec(text);
            return { rows: results.flatMap((r) => r.rows) };
          } catch (e) {
            // A failed script leaves its BEGIN open: close it so the connection is usable again.
            if (/\bbegin\b/i.test(text)) await pg.exec('rollback').catch(() => undefined);
            throw e;
          }
        }),
      ),
  };
}

/**
 * pg-boss's db option over a pool of our own on PostgreSQL (the one pg-boss would open itself), so shutdown can end
 * the pool only after the last queued statement has been answered.
 */
function postgresExecutor(pool: Pool, running: InFlight) {
  return {
    executeSql: (text: string, values?: unknown[]) => running.run(() => pool.query(text, values)),
  };
}

export default fp(
  async function jobs(app: FastifyInstance) {
    const pg = pgliteOf(app.db);
    const cfg = app.config;
    const common = { schedule: false, supervise: true, maintenanceIntervalSeconds: 5 };
    const running = inFlight();
    const pool = pg
      ? undefined
      : new Pool({ connectionString: cfg.databaseUrl as string, max: 4, application_name: 'pgboss' });
    pool?.on('error', (err) => app.log.error({ err: err.message }, 'job queue connection error'));
    const boss = pool
      ? new PgBoss({
          ...common,
          db: postgresExecutor(pool, running),
          schema: cfg.dbSchema ? `${cfg.dbSchema}_jobs` : 'pgboss',
        })
      : new PgBoss({ ...common, db: pgliteExecutor(app.db, pg as PGlite, running) });
    boss.on('error', (err) => app.log.error({ err: err.message }, 'job queue error'));
    await boss.start();
    const queues = new Set<string>();
    const ensure = async (name: string, policy: 'standard' | 'short') => {
      if (queues.has(name)) return;
      if (!(await boss.getQueue(name)))
        await boss.createQueue(name, { name, policy }).catch(async (e) => {
          if (!(await boss.getQueue(name))) throw e;
        });
      queues.add(name);
    };
    // A job with a singletonKey goes to a twin queue of policy "short" (at most one waiting job per key;
    // pg-boss's standard policy ignores the key); work() serves both queues.
    const keyed = (name: string) => `${name}__keyed`;
    const api: Jobs = {
      boss,
      async send(name, data, opts = {}) {
        const queue = opts.singletonKey ? keyed(name) : name;
        await ensure(queue, opts.singletonKey ? 'short' : 'standard');
        return boss.send(queue, data, {
          startAfter: opts.startAfter,
          singletonKey: opts.singletonKey,
          retryLimit: 5,
          retryDelay: 1,
          expireInSeconds: 60,
        });
      },
      async work(name, handler, opts = {}) {
        for (const [queue, policy] of [
          [name, 'standard'],
          [keyed(name), 'short'],
        ] as const) {
          await ensure(queue, policy);
          await boss.work(queue, { pollingIntervalSeconds: opts.pollingIntervalSeconds ?? 1, batchSize: 1 }, ([job]) =>
            running.run(() => handler(job.data as never)),
          );
        }
      },
    };
    app.decorate('jobs', api);
    // Before the database closes: workers finish the job in hand, nothing polls a closed pool.
    app.addHook('preClose', async () => {
      // within the shutdown deadline (main.ts), leaving the rest of it to the HTTP drain and the database
      const timeout = Math.max(1000, Math.floor(app.config.env.SHUTDOWN_TIMEOUT_MS * 0.6));
      const deadline = Date.now() + timeout;
      await boss.stop({ graceful: true, wait: true, timeout, close: false });
      // Stopped workers still finish a fetch already queued, and may run the jobs it returns: let them, so each
      // reports stopped, then close their connections (a pool that ends never answers what is still queued).
      if (!(await running.drained(deadline)))
        app.log.warn({ running: running.count }, 'job queue: statements still running at shutdown');
      await pool?.end();
    });
  },
  { name: 'jobs' },
);
