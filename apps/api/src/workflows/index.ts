// SMS workflows (saved sends the console replays through POST /sms, /bulk or /bulk_sms) and
// reminder workflows (sent at their times through the job engine).
import type { FastifyInstance } from 'fastify';
import { messagingOf } from '../messaging';
import workflowRoutes from './routes';
import { Reminders, REMINDER_JOB } from './reminders';
import { jobsPortOf, setJobsPort } from './jobs-port';
import { jobsOf } from '../jobs';

export { setJobsPort, type JobsPort } from './jobs-port';
export { REMINDER_JOB } from './reminders';

const byServer = new WeakMap<object, Reminders>();
/** The reminder engine of an app (tests fire runs through it). */
export function remindersOf(app: FastifyInstance): Reminders {
  const r = byServer.get(app.server);
  if (!r) throw new Error('the workflows plugin is not registered on this app');
  return r;
}

export default async function workflowsRoutes(app: FastifyInstance) {
  // Reminders are pg-boss jobs (startAfter = the run's time), so they survive a restart.
  setJobsPort(app, jobsOf(app));
  const reminders = new Reminders(app.db, messagingOf(app).messaging, () => jobsPortOf(app), app.log);
  byServer.set(app.server, reminders);
  app.addHook('onReady', async () => {
    const jobs = jobsPortOf(app);
    if (jobs) await jobs.work(REMINDER_JOB, async (data) => { await reminders.fire(data); });
  });
  await app.register(workflowRoutes, { reminders });
}
