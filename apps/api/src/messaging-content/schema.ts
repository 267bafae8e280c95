import type { ColumnType, Generated } from 'kysely';
import type { TemplateStatus } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of the message content domain (migrations 055-059). */
export interface ContentTables {
  sms_templates: {
    sms_template_uuid: Generated<string>;
    company_uuid: string;
    template_name: string;
    text: string;
    status: Generated<TemplateStatus>;
    reject_reason: string | null;
    created_by: string | null;
    reviewed_by: string | null;
    reviewed_on: Date | null;
    created_on: Created;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  recipients: {
    recipient_uuid: Generated<string>;
    company_uuid: string;
    recipient_name: string;
    number: string;
    created_on: Created;
  };
}
