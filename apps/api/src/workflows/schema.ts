import type { ColumnType, Generated } from 'kysely';
import type { ReminderRepeat } from '@smsc/shared-contract';

type Created = ColumnType<Date, Date | undefined, never>;

/** Tables of SMS and reminder workflows (migration 077). */
export interface WorkflowTables {
  sms_workflows: {
    sms_workflow_uuid: Generated<string>;
    company_uuid: string;
    name: string;
    ani: string;
    text: string;
    numbers: string[];
    is_bulk: Generated<boolean>;
    created_by: string | null;
    created_on: Created;
  };
  reminder_workflows: {
    reminder_workflow_uuid: Generated<string>;
    company_uuid: string;
    name: string;
    ani: string;
    text: string;
    numbers: string[];
    remind_at: Date;
    repeat: Generated<ReminderRepeat>;
    is_active: Generated<boolean>;
    next_run_at: Date | null;
    last_run_at: Date | null;
    created_by: string | null;
    created_on: Created;
  };
}
