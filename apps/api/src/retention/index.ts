// Message retention (issue 51 item 3, docs/retention.md): the platform's defaults and each company's overrides,
// set by the system admin; a recurring job on the queue (one node at a time) that redacts old bodies and archives
// then removes old messages in short batches; its passes audited and on /metrics; the archive files listed and
// downloaded by the system admin (Admin settings → Message retention).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { retentionFrom } from './options';
import { RetentionRunner } from './pass';
import { retentionFigures } from './store';
import retentionRoutes from './routes';

export { RetentionRunner, archiveName, type PassResult } from './pass';
export type { RetentionOptions } from './options';
export { orderProblem } from './policy';

declare module 'fastify' {
  interface FastifyInstance {
    /** the retention passes (the job runs them; the admin's "Run now" and tests run one at once) */
    retention: RetentionRunner;
  }
}

/** The retention runner of an app, from the root instance tests hold or from inside the API. */
export const retentionOf = (app: FastifyInstance): RetentionRunner => apiOf(app).retention;

export const RETENTION_JOB = 'retention';
const KEY = 'retention';

export default fp(
  async function retention(app: FastifyInstance) {
    const options = retentionFrom(app.config.retention, app.config.env);
    const runner = new RetentionRunner(app.db, app.messagingRepository, options, app.log);
    app.decorate('retention', runner);

    // One pass queued at a time whatever the number of nodes (its singleton key): the node whose worker takes it
    // runs the pass and queues the next. everySeconds 0 leaves passes to the admin's "Run now" (tests).
    let closing = false;
    const next = () =>
      app.jobs.send(
        RETENTION_JOB,
        {},
        { singletonKey: KEY, startAfter: new Date(Date.now() + options.everySeconds * 1000) },
      );
    await app.jobs.work(
      RETENTION_JOB,
      async () => {
        try {
          const pass = await runner.run('job');
          if (pass.error) app.log.warn({ pass: pass.pass_uuid, err: pass.error }, 'retention pass failed');
        } finally {
          if (!closing && options.everySeconds > 0) await next();
        }
      },
      { pollingIntervalSeconds: 5 },
    );
    app.addHook('onReady', async () => {
      if (options.everySeconds > 0) await next();
    });
    app.addHook('preClose', async () => {
      closing = true;
    });

    app.ops.sources.retention = () => retentionFigures(app.db);
    await app.register(retentionRoutes, { runner, options });
  },
  { name: 'retention', dependencies: ['jobs', 'messaging'] },
);
