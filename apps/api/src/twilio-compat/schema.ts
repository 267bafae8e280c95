import type { ColumnType, Generated } from 'kysely';

export interface TwilioCompatTables {
  /** a Twilio-compatible message's StatusCallback and what was posted to it (migrations.ts 500) */
  twilio_status_callbacks: {
    sms_uuid: string;
    company_uuid: string;
    url: string;
    notified_status: ColumnType<string | null, string | null | undefined, string | null>;
    open: Generated<boolean>;
    attempts: Generated<number>;
    next_attempt_on: Generated<Date>;
    last_error: ColumnType<string | null, string | null | undefined, string | null>;
    created_on: ColumnType<Date, Date | undefined, never>;
  };
}
