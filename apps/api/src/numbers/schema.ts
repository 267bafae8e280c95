import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of the numbers domain (migrations 040-049). */
export interface NumbersTables {
  dids: {
    did_uuid: Generated<string>;
    did: string;
    type: Generated<'sms' | 'voice' | 'sms_voice'>;
    did_type: Generated<'ani' | 'dnis'>;
    is_toll_free: boolean;
    area_code: string;
    state: string | null;
    country_uuid: string | null;
    description: Generated<string>;
    monthly_price: ColumnType<string, string | undefined, string>;
    /** No foreign key yet: the vendors table lands from the catalog branch; the lead adds the FK at merge. */
    vendor_uuid: string | null;
    reseller_uuid: string | null;
    company_uuid: string | null;
    user_uuid: string | null;
    smsc_id: Generated<string | null>;
    source: Generated<'manual' | 'import' | 'order'>;
    created_on: Created;
  };
  did_orders: {
    user_uuid: string;
    idempotency_key: string;
    request_hash: string;
    result: ColumnType<unknown, string | null | undefined, string>;
    created_on: Created;
  };
  call_workflows: {
    did_uuid: string;
    action: 'forward' | 'voicemail' | 'hangup';
    forward_to: string | null;
    email: string | null;
    message: string | null;
    ring_seconds: Generated<number>;
    updated_by: string | null;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  did_import_log: {
    import_uuid: Generated<string>;
    source: 'csv' | 'kannel';
    smsc_id: string | null;
    file_name: string | null;
    ok: boolean;
    lines: number;
    imported: number;
    message: string;
    user_uuid: string | null;
    reseller_uuid: string | null;
    created_on: Created;
  };
}
