import type { ColumnType, Generated } from 'kysely';
import type { BulkStatus } from '@smsc/shared-contract';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export interface BulkTables {
  bulks: {
    bulk_uuid: Generated<string>;
    company_uuid: string;
    reseller_uuid: Opt<string>;
    user_uuid: Opt<string>;
    kind: Generated<'bulk' | 'delayed'>;
    ani: Opt<string>;
    ani_group_uuid: Opt<string>;
    text: string;
    status: BulkStatus;
    total: Generated<number>;
    file_name: Opt<string>;
    campaign_uuid: Opt<string>;
    send_at: Opt<Date>;
    started_on: Opt<Date>;
    finished_on: Opt<Date>;
    created_on: ColumnType<Date, Date | undefined, never>;
    /** the last recipient (seq) whose message is stored: the job goes on after it */
    cursor: Generated<number>;
    /** why a held job holds when it held itself: 'balance' (it goes on after a top-up); null for a hold by hand */
    hold_reason: Opt<'balance' | 'spend_limit'>;
    /** migration 491: the creating request's Idempotency-Key (unique per user) and its fingerprint */
    request_key: Opt<string>;
    request_hash: Opt<string>;
  };
  bulk_deltas: {
    id: Generated<string>;
    bulk_uuid: string;
    stored: number;
    sent: number;
    delivered: number;
    /** failed, undelivered, blocked and cancelled together (the three below are also counted on their own) */
    failed: number;
    done: number;
    undelivered: Generated<number>;
    blocked: Generated<number>;
    cancelled: Generated<number>;
    /** handed over, no receipt yet (status sent) */
    awaiting: Generated<number>;
  };
  bulk_recipients: {
    bulk_uuid: string;
    seq: number;
    number: string;
    fields: Opt<Record<string, string>>;
    sms_uuid: Opt<string>;
    lease_until: Opt<Date>;
  };
}
