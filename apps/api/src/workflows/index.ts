// SMS workflows (saved sends the console replays through POST /sms, /bulk or /bulk_sms) and
// reminder workflows (sent at their times through the job engine).
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import workflowRoutes from './routes';
import { Reminders, REMINDER_JOB } from './reminders';
import { apiOf } from '../lib/api-context';

export { setJobsPort, type JobsPort } from './jobs-port';
export { REMINDER_JOB } from './reminders';
export { workflowsHeld } from './personal-data';

declare module 'fastify' {
  interface FastifyInstance {
    /** the reminder engine (tests fire runs through it) */
    reminders: Reminders;
  }
}

/** The reminder engine of an app, from the root instance tests hold or from inside the API. */
export const remindersOf = (app: FastifyInstance): Reminders => apiOf(app).reminders;

export default fp(
  async function workflows(app: FastifyInstance) {
    // Reminders are pg-boss jobs (startAfter = the run's time), so they survive a restart.
    app.decorate('reminderJobs', app.jobs);
    const reminders = new Reminders(app.db, app.messaging, () => app.reminderJobs, app.log);
    app.decorate('reminders', reminders);
    app.addHook('onReady', async () => {
      await app.reminderJobs.work(REMINDER_JOB, async (data) => {
        await reminders.fire(data);
      });
    });
    await app.register(workflowRoutes, { reminders });
  },
  { name: 'workflows', dependencies: ['jobs', 'messaging'] },
);
