import type { ColumnType, Generated } from 'kysely';
import type { ChangeSetStatus, DeckKind, RateChangeKind } from '@smsc/shared-contract';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Created = ColumnType<Date, Date | undefined, never>;
type Count = Generated<number>;

/** Rate change sets and price notices (rate-changes/migrations.ts 400). */
export interface RateChangeTables {
  rate_change_sets: {
    change_set_uuid: Generated<string>;
    rate_table_uuid: Opt<string>;
    vendor_product_uuid: Opt<string>;
    /** the deck's name when imported (kept with the history) */
    owner_name: string;
    /** the diff's counts per country (CountryDiff[]) */
    by_country: ColumnType<unknown, string, string>;
    /** the owner's reseller (null: the platform's catalog), for tenancy */
    reseller_uuid: Opt<string>;
    kind: DeckKind;
    status: Generated<ChangeSetStatus>;
    effective_from: ColumnType<Date, Date | string, Date | string>;
    increases_from: Opt<Date>;
    added: Count;
    increased: Count;
    decreased: Count;
    closed: Count;
    unchanged: Count;
    created_by: Opt<string>;
    created_on: Created;
    decided_by: Opt<string>;
    decided_on: Opt<Date>;
  };
  rate_change_rows: {
    change_set_uuid: string;
    seq: number;
    code: string | null;
    mobile_network_uuid: string | null;
    country_name: string | null;
    change: RateChangeKind;
    old_price: string | null;
    new_price: string | null;
    effective_from: Opt<Date>;
    ceases_on: Opt<Date>;
  };
  /** what a customer is told of a change to its price: a company (with its reseller) or a reseller itself */
  price_notices: {
    notice_uuid: Generated<string>;
    change_set_uuid: string;
    company_uuid: Opt<string>;
    reseller_uuid: Opt<string>;
    notice_days: number;
    effective_from: Date;
    added: Count;
    increased: Count;
    decreased: Count;
    closed: Count;
    created_on: Created;
  };
}
