import type { ColumnType, Generated } from 'kysely';
import type { MailTemplateKind } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;
export type OutboxStatus = 'pending' | 'sent' | 'kept' | 'failed';

export interface MailTables {
  mail_templates: {
    reseller_uuid: string;
    kind: MailTemplateKind;
    subject: string;
    body: string;
    updated_on: ColumnType<Date, Date | undefined, Date>;
  };
  /** the transactional outbox (db/migrations.ts 003): every mail the server writes, sent by outbox-dispatcher.ts */
  outbox: {
    id: Generated<number>;
    recipient: string;
    subject: string;
    body: string;
    created_on: Created;
    /** billing 023: pending rows are sent after commit by mail/outbox-dispatcher.ts; 'kept' = stored in place of SMTP */
    status: Generated<OutboxStatus>;
    attempts: Generated<number>;
    next_attempt_on: ColumnType<Date, Date | undefined, Date>;
    sent_on: ColumnType<Date | null, Date | null | undefined, Date | null>;
    last_error: ColumnType<string | null, string | null | undefined, string | null>;
    attachment_kind: ColumnType<string | null, string | null | undefined, string | null>;
    attachment_ref: ColumnType<string | null, string | null | undefined, string | null>;
    /** branding 421: the brand's sender ("Name <address>"), else the server's default */
    sender: ColumnType<string | null, string | null | undefined, string | null>;
  };
}
