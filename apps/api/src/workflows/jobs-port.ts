// The durable job engine as workflows see it: the shape of app.jobs (apps/api/src/jobs, pg-boss).
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';

export interface JobsPort {
  send(name: string, data: object, opts?: { startAfter?: Date; singletonKey?: string }): Promise<unknown>;
  work(name: string, handler: (data: Record<string, unknown>) => Promise<void>): Promise<unknown>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the job engine as reminders see it (a decoration, so a test can put a recording one in its place) */
    reminderJobs: JobsPort;
  }
}

/** Puts another job engine in place of the real one (tests record what reminders queue). */
export function setJobsPort(app: FastifyInstance, port: JobsPort): void {
  apiOf(app).reminderJobs = port;
}
