import type { ColumnType } from 'kysely';
import type { MailTemplateKind } from '@smsc/shared-contract';

export interface MailTables {
  mail_templates: {
    reseller_uuid: string;
    kind: MailTemplateKind;
    subject: string;
    body: string;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
}
