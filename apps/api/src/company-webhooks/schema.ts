import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;

export type WebhookMessageState = 'pending' | 'delivered' | 'failed';

export interface CompanyWebhookTables {
  company_webhooks: {
    webhook_uuid: Generated<string>;
    company_uuid: string;
    url: string;
    events: string[];
    secret: string;
    is_active: Generated<boolean>;
    /** since migration 230: up to 100 events a request in one envelope (bodies.ts) */
    batched: Generated<boolean>;
    description: Opt<string>;
    created_on: Created;
    /** since migration 510: a DID webhook, scoped to the incoming messages of this number */
    did_uuid: Opt<string>;
    /** also sends the old x-smsc-signature header and body fields (DID webhooks, until their deprecation) */
    legacy_signature: Generated<boolean>;
  };
  company_callback_secrets: { company_uuid: string; secret: string; created_on: Created };
  /** the outbox: one row per event and target (a webhook or a message's status_callback) */
  webhook_messages: {
    delivery_id: Generated<string>;
    message_id: Generated<string>;
    company_uuid: string;
    webhook_uuid: Opt<string>;
    callback_url: Opt<string>;
    sms_uuid: Opt<string>;
    type: string;
    payload: ColumnType<unknown, string, string>;
    occurred_on: Created;
    state: Generated<WebhookMessageState>;
    attempts: Generated<number>;
    next_attempt_on: ColumnType<Date, Date | undefined, Date>;
    lease_until: Opt<Date>;
    /** the successful attempt (failed ones are webhook_attempts rows): when, the answer's code, how long */
    delivered_on: Opt<Date>;
    status_code: Opt<number>;
    duration_ms: Opt<number>;
  };
  /** since migration 228: the events of one sms statement for one webhook, their first attempts' answers */
  webhook_batches: {
    batch_id: Generated<string>;
    batch_key: Generated<string>;
    company_uuid: string;
    webhook_uuid: string;
    type: string;
    size: number;
    /** the events' data, in order */
    events: ColumnType<unknown, string, string>;
    occurred_on: Created;
    state: Generated<'pending' | 'done'>;
    delivered_on: Opt<Date>;
    /** per event: the success's status code and duration, null where the attempt failed (its own row since) */
    status_codes: Opt<(number | null)[]>;
    durations: Opt<(number | null)[]>;
  };
  /** the failed attempts (a success is recorded on its event) */
  webhook_attempts: {
    attempt_uuid: Generated<string>;
    delivery_id: string;
    webhook_uuid: Opt<string>;
    company_uuid: string;
    attempt: number;
    ok: boolean;
    status_code: number | null;
    error: string | null;
    duration_ms: number;
    created_on: Created;
  };
}
