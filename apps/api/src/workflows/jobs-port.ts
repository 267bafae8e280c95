// The durable job engine as workflows see it: the shape of jobsOf(app) (apps/api/src/jobs, pg-boss).
import type { FastifyInstance } from 'fastify';

export interface JobsPort {
  send(name: string, data: object, opts?: { startAfter?: Date; singletonKey?: string }): Promise<unknown>;
  work(name: string, handler: (data: Record<string, unknown>) => Promise<void>): Promise<unknown>;
}

const ports = new WeakMap<object, JobsPort>();
export function setJobsPort(app: FastifyInstance, port: JobsPort): void {
  ports.set(app.server, port);
}
export function jobsPortOf(app: FastifyInstance): JobsPort | null {
  return ports.get(app.server) ?? null;
}
