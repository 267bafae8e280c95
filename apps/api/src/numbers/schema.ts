import type { ColumnType, Generated } from 'kysely';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of the numbers domain (migrations 040-049). */
export interface NumbersTables {
  dids: {
    did_uuid: Generated<string>; did: string; type: Generated<'sms' | 'voice' | 'sms_voice'>; did_type: Generated<'ani' | 'dnis'>;
    is_toll_free: boolean; area_code: string; state: string | null; country_uuid: string | null; description: Generated<string>;
    monthly_price: ColumnType<string, string | undefined, string>;
    /** No foreign key yet: the vendors table lands from the catalog branch; the lead adds the FK at merge. */
    vendor_uuid: string | null;
    reseller_uuid: string | null; company_uuid: string | null; user_uuid: string | null;
    source: Generated<'manual' | 'import' | 'order'>; created_on: Created;
  };
  did_orders: {
    user_uuid: string; idempotency_key: string; request_hash: string; result: ColumnType<unknown, string | null | undefined, string>; created_on: Created;
  };
}
