// Bulk sending: jobs of up to 100,000 numbers accepted at once and sent by durable jobs through the
// messaging pipeline; run/hold/stop, progress and per-number reports. The campaigns domain builds
// on bulkOf(app) (create, run, hold, stop, progress) and fills hooks.sendersOf for ANI groups.
import fp from 'fastify-plugin';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { messagingOf } from '../messaging';
import { jobsOf } from '../jobs';
import { BULK_JOB, BulkService } from './service';
import bulkRoutes from './routes';

export { BulkService, BULK_JOB, type BulkHooks, type BulkCreateInput, type BulkProgressFigures } from './service';
export { substitute, placeholders, missingFields } from '@smsc/shared-util';
export { nextBulkStatus, bulkMovableFrom } from './engine/state';
export { BULK_ACCESS } from './routes';
export type { BulkRecipient } from './recipients';

const byServer = new WeakMap<object, BulkService>();
/** The bulk service of an app from any of its contexts (like messagingOf). */
export function bulkOf(app: FastifyInstance): BulkService {
  const found = byServer.get(app.server);
  if (!found) throw new Error('the bulk plugin is not registered on this app');
  return found;
}

export default fp(async function bulk(app: FastifyInstance) {
  const jobs = jobsOf(app);
  const service = new BulkService(app.db, jobs, messagingOf(app).messaging, app.log);
  byServer.set(app.server, service);
  await jobs.work<{ bulk_uuid: string }>(BULK_JOB, async ({ bulk_uuid }) => service.work(bulk_uuid), { pollingIntervalSeconds: 0.5 });
  // A bulk that was running when the last process stopped goes on (its job may have died with it).
  app.addHook('onReady', async () => { await service.resume(); });
  app.addHook('preClose', async () => { service.close(); });
  await app.register(async (scope) => {
    await scope.register(multipart);
    await scope.register(bulkRoutes, { service });
  });
}, { name: 'bulk', dependencies: ['jobs', 'messaging'] });
