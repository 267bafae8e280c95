// The bulk job engine as campaigns see it: the shape of app.bulk (apps/api/src/bulk), which the
// campaigns plugin decorates as campaignBulk; tests may put a recording one in its place.
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';

export interface BulkRecipient {
  number: string;
  fields?: Record<string, string>;
}
export interface BulkCreate {
  company_uuid: string;
  user_uuid: string | null;
  ani?: string;
  ani_group_uuid?: string;
  text: string;
  recipients: BulkRecipient[];
  send_at?: Date;
  campaign_uuid?: string;
  /** made on hold (a held campaign's new recipient): it goes when the campaign runs again */
  start_held?: boolean;
}
export interface BulkProgress {
  total: number;
  sent: number;
  delivered: number;
  failed: number;
  blocked: number;
  left: number;
  status: string;
}

export interface BulkPort {
  create(input: BulkCreate): Promise<{ bulk_uuid: string }>;
  run(bulk_uuid: string): Promise<unknown>;
  hold(bulk_uuid: string): Promise<unknown>;
  stop(bulk_uuid: string): Promise<unknown>;
  progress(bulk_uuid: string): Promise<BulkProgress>;
  /** the campaign of each of these bulks that has one (a STOP is put down to its campaign) */
  campaignsOf?(bulk_uuids: string[]): Promise<Map<string, string>>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** the bulk engine as campaigns see it (a decoration, so a test can put a recording one in its place) */
    campaignBulk: BulkPort;
  }
}

/** Puts another bulk engine in place of the real one (tests record what campaigns ask of it). */
export function setBulkPort(app: FastifyInstance, port: BulkPort): void {
  apiOf(app).campaignBulk = port;
}
export function bulkPortOf(app: FastifyInstance): BulkPort | null {
  return apiOf(app).campaignBulk ?? null;
}

/** A job is over when its engine says so, or when nothing is left to send. */
export const isJobDone = (p: BulkProgress) =>
  ['finished', 'done', 'completed'].includes(p.status) || (p.total > 0 && p.left === 0);
