// Durable jobs on pg-boss: queued work lives in the database, so it survives a restart and several
// server processes share it. How pg-boss reaches this database (PGlite or PostgreSQL) is the db layer's
// business (db/job-queue-backend.ts).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import PgBoss from 'pg-boss';
import { jobQueueBackend } from '../db/job-queue-backend';
import { apiOf } from '../lib/api-context';
import { inFlight } from './in-flight';
import { DeadLetters, deadLetterOf } from './dead-letters';
import jobRoutes from './routes';

export { DeadLetters } from './dead-letters';

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
  /** jobs that failed every attempt, waiting for an operator */
  readonly dead: DeadLetters;
}

declare module 'fastify' {
  interface FastifyInstance {
    jobs: Jobs;
  }
}

/** The job queue of an app, from the root instance tests hold or from inside the API. */
export const jobsOf = (app: FastifyInstance): Jobs => apiOf(app).jobs;

export default fp(
  async function jobs(app: FastifyInstance) {
    const common = { schedule: false, supervise: true, maintenanceIntervalSeconds: 5 };
    const running = inFlight();
    const backend = jobQueueBackend(app.db, {
      databaseUrl: app.config.databaseUrl,
      dbSchema: app.config.dbSchema,
      run: (statement) => running.run(statement),
      onError: (err) => app.log.error({ err: err.message }, 'job queue connection error'),
    });
    const boss = new PgBoss({ ...common, db: backend.db, schema: backend.schema });
    boss.on('error', (err) => app.log.error({ err: err.message }, 'job queue error'));
    await boss.start();
    const queues = new Set<string>();
    const create = async (name: string, options: Omit<PgBoss.Queue, 'name'>) => {
      if (!(await boss.getQueue(name)))
        await boss.createQueue(name, { name, ...options }).catch(async (e) => {
          if (!(await boss.getQueue(name))) throw e;
        });
    };
    // each queue has its dead letters (a queue of its own nobody works): a job that failed every attempt waits
    // there, visible and retryable, instead of vanishing into pg-boss's archive
    const ensure = async (name: string, policy: 'standard' | 'short') => {
      if (queues.has(name)) return;
      await create(deadLetterOf(name), { policy: 'standard' });
      // every job names its dead letters when it is sent, so queues made before dead letters existed need no change
      await create(name, { policy, deadLetter: deadLetterOf(name) });
      queues.add(name);
    };
    const env = app.config.env;
    const retries = {
      retryLimit: env.JOB_RETRY_LIMIT,
      retryDelay: env.JOB_RETRY_DELAY_SECONDS,
      retryBackoff: true,
    };
    // A job with a singletonKey goes to a twin queue of policy "short" (at most one waiting job per key;
    // pg-boss's standard policy ignores the key); work() serves both queues.
    const keyed = (name: string) => `${name}__keyed`;
    const dead = new DeadLetters(boss, backend.schema);
    const api: Jobs = {
      boss,
      dead,
      async send(name, data, opts = {}) {
        const queue = opts.singletonKey ? keyed(name) : name;
        await ensure(queue, opts.singletonKey ? 'short' : 'standard');
        return boss.send(queue, data, {
          startAfter: opts.startAfter,
          singletonKey: opts.singletonKey,
          ...retries,
          deadLetter: deadLetterOf(queue),
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
    await app.register(jobRoutes, {
      dead,
      // a retried job goes to the queue it came from (the keyed twin included), with every retry again
      resend: async (queue: string, data: object) => {
        await ensure(queue, queue.endsWith('__keyed') ? 'short' : 'standard');
        await boss.send(queue, data, { ...retries, deadLetter: deadLetterOf(queue), expireInSeconds: 60 });
      },
    });
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
      await backend.end();
    });
  },
  { name: 'jobs' },
);
