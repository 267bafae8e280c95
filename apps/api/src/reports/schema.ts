import type { ColumnType, Generated } from 'kysely';

/** bigint sums: pg answers strings, PGlite bigint; queries cast to text. */
type Big = ColumnType<string | bigint, string | bigint | number, string | bigint | number>;
interface Key {
  company_uuid: string | null;
  reseller_uuid: string | null;
  user_uuid: string | null;
  number: string | null;
  vendor_product_uuid: string | null;
  network: string | null;
  status: string;
  messages: Big;
  segments: Big;
  price: Big;
  cost: Big;
  /** what resellers paid the platform (migration 272) */
  wholesale: Big;
  /** what number lookups cost (migration 583) */
  lookup: Big;
}

/** Rollups of messages (migrations 080–089, 272, 583): deltas appended by triggers on sms, folded into hourly and daily rows. */
export interface ReportTables {
  report_deltas: Key & { id: Generated<string>; hour: Date };
  report_hourly: Key & { hour: Date };
  report_daily: Key & { day: Date };
}
