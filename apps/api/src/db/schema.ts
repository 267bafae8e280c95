import type { ColumnType, Generated } from 'kysely';
import type { ResellerRole, UserType } from '@smsc/shared-contract';
import type { SecurityTables } from '../security/tables';
import type { CatalogDatabase } from '../catalog/schema';
import type { BillingTables } from '../billing/schema';
import type { NumbersTables } from '../numbers/schema';
import type { MessagingTables } from '../messaging/schema';
import type { ContentTables } from '../messaging-content/schema';
import type { MailTables } from '../mail/tables';
import type { BulkTables } from '../bulk/schema';
import type { CampaignTables } from '../campaigns/schema';
import type { WorkflowTables } from '../workflows/schema';
import type { ReportTables } from '../reports/schema';
import type { SmppTables } from '../smpp/schema';
import type { GuardTables } from '../guards/schema';
import type { CompanyWebhookTables } from '../company-webhooks/schema';
import type { AutoRechargeTables } from '../auto-recharge/schema';
import type { ComplianceTables } from '../compliance/schema';
import type { DirectSmppTables } from '../direct-smpp/schema';
import type { RateChangeTables } from '../rate-changes/schema';
import type { BrandingTables } from '../branding/schema';
import type { TwilioCompatTables } from '../twilio-compat/schema';
import type { PrivacyTables } from '../privacy/schema';
import type { NumberLookupTables } from '../number-lookup/schema';
import type { RouteQualityTables } from '../route-quality/schema';
import type { RetentionTables } from '../retention/schema';

type Created = ColumnType<Date, Date | undefined, never>;

export interface Database
  extends
    SecurityTables,
    CatalogDatabase,
    BillingTables,
    NumbersTables,
    MessagingTables,
    ContentTables,
    MailTables,
    BulkTables,
    CampaignTables,
    WorkflowTables,
    ReportTables,
    SmppTables,
    GuardTables,
    CompanyWebhookTables,
    AutoRechargeTables,
    ComplianceTables,
    DirectSmppTables,
    RateChangeTables,
    BrandingTables,
    TwilioCompatTables,
    PrivacyTables,
    NumberLookupTables,
    RouteQualityTables,
    RetentionTables {
  resellers: {
    reseller_uuid: Generated<string>;
    reseller_name: string;
    /** the platform product the reseller pays the platform by (billing/migrations.ts 270) */
    platform_product_uuid: ColumnType<string | null, string | null | undefined, string | null>;
    /** the plan of the companies that sign up through the reseller's link (migration 440) */
    signup_product_uuid: ColumnType<string | null, string | null | undefined, string | null>;
    created_on: Created;
    /** days an increase of its price waits after the notice (rate-changes/migrations.ts 400) */
    price_notice_days: Generated<number>;
  };
  /** the platform's one row: the plan of the companies that sign up on the platform itself (migration 440) */
  signup_plan: { id: Generated<number>; product_uuid: string | null };
  payment_terms: {
    payment_term_uuid: Generated<string>;
    name: string;
    days: Generated<number>;
    is_active: Generated<boolean>;
    created_on: Created;
  };
  companies: {
    company_uuid: Generated<string>;
    company_name: string;
    reseller_uuid: string | null;
    payment_term_uuid: string | null;
    status: Generated<'active' | 'inactive'>;
    prepay: Generated<boolean>;
    is_below_credit_limit: Generated<boolean>;
    is_created_by_admin: Generated<boolean>;
    created_on: Created;
    /** the product that prices and routes the company's messages (catalog) */
    product_uuid: ColumnType<string | null, string | null | undefined, string | null>;
    /** IANA zone of the company's clock (reminder repeats) */
    time_zone: Generated<string>;
    /** whether its plain users see money (balance, message prices); its admins always do */
    users_see_money: Generated<boolean>;
    /** days an increase of its price waits after the notice (rate-changes/migrations.ts 400) */
    price_notice_days: Generated<number>;
    /** retention overrides set by the system admin (retention/migrations.ts 630): null = the platform's, 0 = never */
    retention_redact_days: ColumnType<number | null, number | null | undefined, number | null>;
    retention_remove_days: ColumnType<number | null, number | null | undefined, number | null>;
    /** whether removed messages are archived first; null = the platform's */
    retention_archive: ColumnType<boolean | null, boolean | null | undefined, boolean | null>;
  };
  users: {
    uuid: Generated<string>;
    email: string;
    password_hash: string;
    full_name: string;
    user_type: UserType;
    is_active: Generated<boolean>;
    is_admin: Generated<boolean>;
    company_uuid: string | null;
    reseller_uuid: string | null;
    created_on: Created;
    password_changed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
    password_change_jti: ColumnType<string | null, string | null | undefined, string | null>;
    sessions_valid_from: ColumnType<Date | null, Date | null | undefined, Date | null>;
    sessions_keep_jti: ColumnType<string | null, string | null | undefined, string | null>;
    /** a reseller login's part in its team; null for every other user type */
    reseller_role: ColumnType<ResellerRole | null, ResellerRole | null | undefined, ResellerRole | null>;
    /** a system admin's or reseller's own zone (migration 610); null until chosen. Company people follow their company's */
    time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  };
  stop_text_filters: {
    filter_uuid: Generated<string>;
    text: string;
    is_active: Generated<boolean>;
    reseller_uuid: string | null;
    created_on: Created;
  };
  countries: { country_uuid: Generated<string>; nice_name: string; iso2: string };
  area_codes: { area_code_uuid: Generated<string>; country_uuid: string; code: string; name: string };
  files: {
    file_uuid: Generated<string>;
    name: string;
    content_type: string;
    data: Uint8Array;
    size: number;
    company_uuid: string | null;
    reseller_uuid: string | null;
    uploaded_by: string | null;
    created_on: Created;
  };
  login_failures: { email: string; failures: number; window_start: Date };
  action_tokens: {
    token_hash: string;
    kind: 'confirm' | 'reset';
    user_uuid: string;
    expires_at: Date;
    used_at: Date | null;
    created_on: Created;
  };
  token_revocations: { jti: string; expires_at: Date };
  // the migrator's record (db/migrator.ts): name = place in the list + id, timestamp an ISO string
  kysely_migration: { name: string; timestamp: string };
}
