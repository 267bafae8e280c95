import type { ColumnType, Generated } from 'kysely';
import type { CampaignStatus, KeywordAction } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of the campaigns domain (migrations 072, 075-079, 140). */
export interface CampaignTables {
  ani_groups: { ani_group_uuid: Generated<string>; company_uuid: string; name: string; created_on: Created };
  ani_group_numbers: { ani_group_uuid: string; did_uuid: string; position: number };
  campaigns: {
    campaign_uuid: Generated<string>;
    company_uuid: string;
    campaign_name: string;
    status: Generated<CampaignStatus>;
    text: string | null;
    sms_template_uuid: string | null;
    ani: string | null;
    ani_group_uuid: string | null;
    quiet_start: string | null;
    quiet_end: string | null;
    time_zone: Generated<string>;
    start_at: Date | null;
    placeholder_values: ColumnType<Record<string, string> | null, string | null | undefined, string | null>;
    created_by: string | null;
    started_on: Date | null;
    finished_on: Date | null;
    created_on: Created;
    updated_on: ColumnType<Date, Date | undefined, Date>;
    /** why the platform held it (its opt-out rate, migration 531); cleared when it runs again */
    pause_reason: ColumnType<string | null, string | null | undefined, string | null>;
  };
  campaign_opt_outs: { campaign_uuid: string; number: string; created_on: Created };
  campaign_recipients: {
    campaign_uuid: string;
    number: string;
    recipient_uuid: string | null;
    source: 'recipient' | 'ani_group' | 'number' | 'keyword';
    created_on: Created;
  };
  campaign_jobs: {
    campaign_uuid: string;
    bulk_uuid: string;
    send_at: Date | null;
    recipients: number;
    time_zone: ColumnType<string | null, string | null | undefined, string | null>;
  };
  keywords: {
    keyword_uuid: Generated<string>;
    company_uuid: string;
    keyword: string;
    action: KeywordAction;
    reply_text: string | null;
    campaign_uuid: string | null;
    did_uuid: string | null;
    is_active: Generated<boolean>;
    created_on: Created;
  };
}
