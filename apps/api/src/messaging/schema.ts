import type { ColumnType, Generated } from 'kysely';
import type {
  BlockReason,
  ChargeBasis,
  ConsentAction,
  ConsentSource,
  OptOutLanguage,
  OptOutScope,
  SmsEncoding,
  SmsStatus,
  MessageLookup,
} from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;
/** a message's number lookup as sms.lookup keeps it: the contract's MessageLookup without its cost (a column) */
export type StoredLookup = Omit<MessageLookup, 'cost'>;
type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
/** bigint micro-units: pg answers strings, PGlite bigint; queries cast to text. */
/** a word list kept as jsonb: written as JSON text */
type JsonWords = ColumnType<string[] | null, string | null | undefined, string | null>;
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
    /** when its price is charged: the rate's basis when it was priced (migration 470) */
    charge_basis: ColumnType<ChargeBasis, ChargeBasis | undefined, ChargeBasis>;
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
    /** sent with a test API key (messaging/sandbox.ts): never charged nor carried (db/migrations.ts 520) */
    sandbox: ColumnType<boolean, boolean | undefined, boolean>;
    /** the number lookup it was routed with (migration 582, docs/number-lookup.md): JSON text in, an object out */
    lookup: ColumnType<StoredLookup | null, string | null | undefined, string | null>;
    /** what that lookup cost the platform: micro-units, 0 for a cached answer, null without a paid lookup */
    lookup_cost: MaybeMicro;
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
    /** what it blocks (migration 530, docs/opt-outs.md): sender '' = every sender of the company */
    scope: Generated<OptOutScope>;
    sender: Generated<string>;
    /** a reseller-wide STOP: every company of this reseller */
    reseller_uuid: Opt<string>;
  };
  messaging_settings: {
    company_uuid: string;
    /** no longer read: the English keyword set carries them (migration 530) */
    stop_reply: Opt<string>;
    start_reply: Opt<string>;
    opt_out_scope: Generated<OptOutScope>;
    /** numeric: pg answers text */
    campaign_limit_percent: ColumnType<string | number, string | number | undefined, string | number>;
    campaign_min_sent: Generated<number>;
    country_languages: ColumnType<Record<string, OptOutLanguage>, string | undefined, string>;
  };
  opt_out_keyword_sets: {
    company_uuid: string;
    language: OptOutLanguage;
    stop_words: JsonWords;
    help_words: JsonWords;
    start_words: JsonWords;
    stop_reply: Opt<string>;
    help_reply: Opt<string>;
    start_reply: Opt<string>;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  consent_events: {
    consent_event_uuid: Generated<string>;
    company_uuid: string;
    reseller_uuid: Opt<string>;
    number: string;
    action: ConsentAction;
    source: ConsentSource;
    scope: Opt<OptOutScope>;
    sender: Opt<string>;
    text: Opt<string>;
    language: Opt<OptOutLanguage>;
    sms_uuid: Opt<string>;
    user_uuid: Opt<string>;
    created_on: Created;
  };
}
