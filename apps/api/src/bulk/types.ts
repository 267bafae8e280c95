// What the bulk service takes and answers, and what the campaigns domain plugs into it.
import type { BulkStatus } from '@smsc/shared-contract';
import type { BulkRecipient } from './recipients';

export interface BulkHooks {
  /** the numbers an ANI group rotates over (the campaigns domain replaces this) */
  sendersOf(company_uuid: string, ani_group_uuid: string): Promise<string[]>;
  /** a running bulk that may not send now (a campaign's quiet hours): when it may go on; null = now */
  waitFor(b: { bulk_uuid: string; campaign_uuid: string | null }): Promise<Date | null>;
}

/** what estimate() answers; money in micro-units */
export interface BulkEstimateFigures {
  total: number;
  messages: number;
  parts: number;
  cost: bigint;
  available: bigint;
  currency: string;
  refused: { reason: string; count: number; message: string }[];
}
export interface BulkCreateInput {
  company_uuid: string;
  user_uuid: string | null;
  ani?: string;
  ani_group_uuid?: string;
  text: string;
  recipients: BulkRecipient[];
  send_at?: Date | null;
  campaign_uuid?: string | null;
  kind?: 'bulk' | 'delayed';
  file_name?: string | null;
  /** the delayed form waits for run (or its send_at) */
  start_held?: boolean;
  /** the request's Idempotency-Key and fingerprint, stored on the bulk (idempotency.ts) */
  request?: { key: string; hash: string };
}

/**
 * A job's numbers by state; left + awaiting + delivered + undelivered + failed + blocked + cancelled = total.
 * sent counts every message handed to the gateway (awaiting + delivered + undelivered).
 */
export interface BulkProgressFigures {
  total: number;
  sent: number;
  delivered: number;
  failed: number;
  left: number;
  awaiting: number;
  undelivered: number;
  blocked: number;
  cancelled: number;
  status: BulkStatus;
}
