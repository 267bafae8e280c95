import type { ColumnType, Generated } from 'kysely';
import type { FilingDetails, FilingKind, FilingStatus } from '@smsc/shared-contract';

type Opt<T> = ColumnType<T | null, T | null | undefined, T | null>;
type Stamp = ColumnType<Date, Date | undefined, Date>;
type Json<T> = ColumnType<T, string, string>;

export interface ComplianceTables {
  /** a sender registration filed by or for a company (docs/compliance.md) */
  compliance_filings: {
    filing_uuid: Generated<string>;
    company_uuid: string;
    /** the company's reseller, denormalised for tenancy (lib/tenancy.ts: companyReseller) */
    reseller_uuid: Opt<string>;
    kind: FilingKind;
    name: string;
    status: Generated<FilingStatus>;
    status_reason: Opt<string>;
    brand_uuid: Opt<string>;
    country: Opt<string>;
    sender_id: Opt<string>;
    details: Json<FilingDetails>;
    reviewer: 'registry' | 'platform';
    registry_ref: Opt<string>;
    submitted_on: Opt<Date>;
    decided_on: Opt<Date>;
    expires_on: Opt<Date>;
    reminded_on: Opt<Date>;
    created_by: Opt<string>;
    created_on: Stamp;
    updated_on: Stamp;
  };
  /** each move of a filing (and its edits and renewal reminders), oldest first */
  compliance_filing_events: {
    event_id: Generated<number>;
    filing_uuid: string;
    status: string;
    reason: Opt<string>;
    actor: Opt<string>;
    at: Stamp;
  };
  /** a number sends under one approved 10DLC campaign or toll-free verification */
  compliance_filing_numbers: {
    did_uuid: string;
    did: string;
    filing_uuid: string;
    company_uuid: string;
    attached_on: Stamp;
  };
  /** the platform's one settings row */
  compliance_settings: {
    id: Generated<boolean>;
    enforcement: boolean;
    updated_on: Stamp;
  };
}
