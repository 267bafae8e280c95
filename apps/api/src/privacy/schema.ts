import type { ColumnType, Generated } from 'kysely';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Json<T> = ColumnType<T, string, string>;

export interface PrivacyTables {
  /** each export or erasure asked for (docs/privacy.md); the number only as its hash and its last digits */
  privacy_requests: {
    privacy_request_uuid: Generated<string>;
    kind: 'export' | 'erase';
    number_hash: string;
    /** the last three digits, so a person can tell two requests apart; never the number */
    number_hint: string;
    /** the company the request was limited to; null: everything the requester reaches */
    company_uuid: Opt<string>;
    reseller_uuid: Opt<string>;
    reason: string;
    block_future: boolean;
    counts: Json<Record<string, number>>;
    requested_by: Opt<string>;
    requested_by_email: Opt<string>;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
  /**
   * Erased numbers that must still receive nothing: an opt-out the erasure removed, or the requester's choice.
   * Both owners null: the whole platform; a reseller: its companies, present and future; a company: that one.
   */
  privacy_blocks: {
    number_hash: string;
    company_uuid: Opt<string>;
    reseller_uuid: Opt<string>;
    privacy_request_uuid: string;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
}
