import type { ColumnType, Generated } from 'kysely';
import type { BlockReason, SmsEncoding, SmsStatus } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint micro-units: pg answers strings, PGlite bigint; queries cast to text. */
type MaybeMicro = ColumnType<string | bigint | null, string | bigint | null | undefined, string | bigint | null>;

export interface MessagingTables {
  sms: {
    sms_uuid: Generated<string>;
    company_uuid: string | null;
    reseller_uuid: Opt<string>;
    user_uuid: Opt<string>;
    /** the API key a program sent it with; the SMPP account it came in on (migration 441: the log's "Sent by") */
    api_key_uuid: Opt<string>;
    smpp_account_uuid: Opt<string>;
    is_received: Generated<boolean>;
    ani: string;
    dnis: string;
    text: string;
    status: SmsStatus;
    block_reason: Opt<BlockReason>;
    status_message: Opt<string>;
    segments: Generated<number>;
    encoding: Generated<SmsEncoding>;
    price: MaybeMicro;
    cost: MaybeMicro;
    /** what the reseller paid the platform for it (billing/wholesale.ts); null when nothing */
    wholesale_cost: MaybeMicro;
    currency: Generated<string>;
    vendor_product_uuid: Opt<string>;
    vendor_product_name: Opt<string>;
    mobile_network_name: Opt<string>;
    recipient_uuid: Opt<string>;
    sms_template_uuid: Opt<string>;
    reservation_uuid: Opt<string>;
    send_at: Opt<Date>;
    sent_on: Opt<Date>;
    delivered_on: Opt<Date>;
    smsc_id: Opt<string>;
    external_id: Opt<string>;
    /** a bulk job's message: its bulk, recipient (unique together) and hand-over lease (bulk/migrations.ts 071) */
    bulk_uuid: Opt<string>;
    bulk_seq: Opt<number>;
    bulk_lease: Opt<Date>;
    /** POST /sms status_callback: this message's status events go there too (company-webhooks/migrations.ts 220) */
    status_callback: Opt<string>;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
  sms_requests: {
    user_uuid: string;
    idempotency_key: string;
    request_hash: string;
    sms_uuid: Opt<string>;
    created_on: Created;
  };
  suppressed_numbers: {
    suppressed_number_uuid: Generated<string>;
    company_uuid: string;
    number: string;
    source: Generated<'manual' | 'stop'>;
    created_by: Opt<string>;
    created_on: Created;
  };
  messaging_settings: { company_uuid: string; stop_reply: Opt<string>; start_reply: Opt<string> };
}
