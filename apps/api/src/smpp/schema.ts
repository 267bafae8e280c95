import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of the SMPP domain (migrations 200–209, 240–249). */
export interface SmppTables {
  smpp_accounts: {
    smpp_account_uuid: Generated<string>;
    company_uuid: string;
    system_id: string;
    password_hash: string;
    allowed_ips: ColumnType<string[], string[] | undefined, string[]>;
    max_binds: Generated<number>;
    tps: Generated<number>;
    default_ani: string | null;
    is_active: Generated<boolean>;
    /** bind attempts since failed_since not followed by a success (lockout.ts) */
    failed_binds: Generated<number>;
    failed_since: Date | null;
    /** binds are refused unhashed until then */
    locked_until: Date | null;
    created_on: Created;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  smpp_deliveries: {
    delivery_uuid: Generated<string>;
    kind: 'receipt' | 'mo';
    company_uuid: string;
    /** a receipt goes back to the account that submitted; an incoming message to any of the company's accounts */
    smpp_account_uuid: string | null;
    sms_uuid: string;
    created_on: Created;
    claimed_until: Date | null;
    attempts: Generated<number>;
    delivered_on: Date | null;
    expired_on: Date | null;
  };
  /** an open bind on some API node (shared-limits.ts): what max_binds counts across nodes */
  smpp_binds: {
    bind_id: string;
    smpp_account_uuid: string;
    node_id: string;
    bind_type: string;
    remote_address: string;
    since: Created;
    seen_on: ColumnType<Date, Date | undefined, unknown>;
  };
  /** an account's tps token bucket, shared by the nodes */
  smpp_tps_buckets: {
    smpp_account_uuid: string;
    tokens: number;
    at: Date;
    granted: Generated<number>;
  };
}
