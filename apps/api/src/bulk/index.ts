// Bulk sending: jobs of up to 100,000 numbers accepted at once and sent by durable jobs through the
// messaging pipeline; run/hold/stop, progress and per-number reports. The campaigns domain builds
// on app.bulk (create, run, hold, stop, progress) and plugs in its ANI groups with useCampaigns().
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import { BULK_JOB, BulkService } from './service';
import bulkRoutes from './routes';

export { BulkService, BULK_JOB } from './service';
export type { BulkHooks, BulkCreateInput, BulkProgressFigures } from './types';
export { substitute, placeholders, missingFields } from '@smsc/shared-util';
export { nextBulkStatus, bulkMovableFrom } from './engine/state';
export { BULK_ACCESS } from './routes';
export type { BulkRecipient } from './recipients';
export { bulkRecipientsHeld } from './personal-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** bulk sending (campaigns run through it) */
    bulk: BulkService;
  }
}

/** The bulk service of an app, from the root instance tests hold or from inside the API. */
export const bulkOf = (app: FastifyInstance): BulkService => apiOf(app).bulk;

export default fp(
  async function bulk(app: FastifyInstance) {
    const jobs = app.jobs;
    const service = new BulkService(app.db, jobs, app.messaging, app.log);
    app.decorate('bulk', service);
    await jobs.work<{ bulk_uuid: string }>(BULK_JOB, async ({ bulk_uuid }) => service.work(bulk_uuid), {
      pollingIntervalSeconds: 0.5,
    });
    // A bulk that was running when the last process stopped goes on (its job may have died with it).
    app.addHook('onReady', async () => {
      await service.resume();
    });
    app.addHook('preClose', async () => {
      service.close();
    });
    await app.register(async (scope) => {
      await scope.register(multipart);
      await scope.register(bulkRoutes, { service });
    });
  },
  { name: 'bulk', dependencies: ['jobs', 'messaging'] },
);
