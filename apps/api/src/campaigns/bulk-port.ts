// The bulk job engine as campaigns see it: the shape of bulkOf(app) (apps/api/src/bulk), which the
// campaigns plugin plugs in; tests may plug in a recording one.
import type { FastifyInstance } from 'fastify';

export interface BulkRecipient { number: string; fields?: Record<string, string> }
export interface BulkCreate {
  company_uuid: string; user_uuid: string | null; ani?: string; ani_group_uuid?: string; text: string;
  recipients: BulkRecipient[]; send_at?: Date; campaign_uuid?: string;
  /** made on hold (a held campaign's new recipient): it goes when the campaign runs again */
  start_held?: boolean;
}
export interface BulkProgress { total: number; sent: number; delivered: number; failed: number; left: number; status: string }

export interface BulkPort {
  create(input: BulkCreate): Promise<{ bulk_uuid: string }>;
  run(bulk_uuid: string): Promise<unknown>;
  hold(bulk_uuid: string): Promise<unknown>;
  stop(bulk_uuid: string): Promise<unknown>;
  progress(bulk_uuid: string): Promise<BulkProgress>;
}

/** Per server (the decorations of encapsulated plugins are not visible from the root instance tests hold). */
const ports = new WeakMap<object, BulkPort>();
export function setBulkPort(app: FastifyInstance, port: BulkPort): void {
  ports.set(app.server, port);
}
export function bulkPortOf(app: FastifyInstance): BulkPort | null {
  return ports.get(app.server) ?? null;
}

/** A job is over when its engine says so, or when nothing is left to send. */
export const isJobDone = (p: BulkProgress) => ['finished', 'done', 'completed'].includes(p.status) || (p.total > 0 && p.left === 0);
