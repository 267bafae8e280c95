import { Type, type Static } from '@sinclair/typebox';
import { ListQuery, Nullable, Uuid } from './common';
import { MessageText, Text } from './storable-text';

// SMS workflows and reminder workflows of docs/spec.md §7 (/sms_workflow, /reminder_workflow).
const Timestamp = Type.String({ format: 'date-time' });
const NumberInput = Type.String({ minLength: 3, maxLength: 24, pattern: '^[+0-9 ().-]+$' });

export const WORKFLOW_NAME_MAX = 100;
export const WORKFLOW_TEXT_MAX = 670;
export const WORKFLOW_MAX_NUMBERS = 1000;

/**
 * A saved send: from the console it goes to POST /sms (one number), POST /bulk when is_bulk is
 * checked (every number), or POST /bulk_sms as a file upload.
 */
export const SmsWorkflow = Type.Object({
  sms_workflow_uuid: Uuid,
  name: Type.String(),
  ani: Type.String(),
  text: Type.String(),
  numbers: Type.Array(Type.String()),
  is_bulk: Type.Boolean(),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type SmsWorkflow = Static<typeof SmsWorkflow>;
export const SmsWorkflowPayload = Type.Object({ sms_workflow: SmsWorkflow });
export type SmsWorkflowPayload = Static<typeof SmsWorkflowPayload>;
export const WorkflowListQuery = ListQuery({
  name: Type.Optional(Type.String({ maxLength: WORKFLOW_NAME_MAX + 2 })),
  company_uuid: Type.Optional(Uuid),
});
export type WorkflowListQuery = Static<typeof WorkflowListQuery>;
export const SmsWorkflowCreateBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: WORKFLOW_NAME_MAX }),
    ani: NumberInput,
    text: MessageText({ minLength: 1, maxLength: WORKFLOW_TEXT_MAX }),
    numbers: Type.Array(NumberInput, { minItems: 1, maxItems: WORKFLOW_MAX_NUMBERS }),
    is_bulk: Type.Optional(Type.Boolean()),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type SmsWorkflowCreateBody = Static<typeof SmsWorkflowCreateBody>;
export const SmsWorkflowPatchBody = Type.Partial(Type.Omit(SmsWorkflowCreateBody, ['company_uuid']), {
  minProperties: 1,
  additionalProperties: false,
});
export type SmsWorkflowPatchBody = Static<typeof SmsWorkflowPatchBody>;

/** none: once at remind_at; daily / weekly: again every day / week after it. */
export const REMINDER_REPEATS = ['none', 'daily', 'weekly'] as const;
export type ReminderRepeat = (typeof REMINDER_REPEATS)[number];
export const ReminderRepeatSchema = Type.Union(REMINDER_REPEATS.map((r) => Type.Literal(r)));

/** Sends its text to its numbers at remind_at (and again per repeat) through the job engine. */
export const ReminderWorkflow = Type.Object({
  reminder_workflow_uuid: Uuid,
  name: Type.String(),
  ani: Type.String(),
  text: Type.String(),
  numbers: Type.Array(Type.String()),
  remind_at: Timestamp,
  repeat: ReminderRepeatSchema,
  is_active: Type.Boolean(),
  /** the next time it sends; null once a one-off reminder has gone or it is inactive */
  next_run_at: Nullable(Timestamp),
  last_run_at: Nullable(Timestamp),
  company_uuid: Uuid,
  company_name: Nullable(Type.String()),
  created_on: Timestamp,
});
export type ReminderWorkflow = Static<typeof ReminderWorkflow>;
export const ReminderWorkflowPayload = Type.Object({ reminder_workflow: ReminderWorkflow });
export type ReminderWorkflowPayload = Static<typeof ReminderWorkflowPayload>;
export const ReminderWorkflowCreateBody = Type.Object(
  {
    name: Text({ minLength: 1, maxLength: WORKFLOW_NAME_MAX }),
    ani: NumberInput,
    text: MessageText({ minLength: 1, maxLength: WORKFLOW_TEXT_MAX }),
    numbers: Type.Array(NumberInput, { minItems: 1, maxItems: WORKFLOW_MAX_NUMBERS }),
    remind_at: Timestamp,
    repeat: Type.Optional(ReminderRepeatSchema),
    is_active: Type.Optional(Type.Boolean()),
    company_uuid: Type.Optional(Uuid),
  },
  { additionalProperties: false },
);
export type ReminderWorkflowCreateBody = Static<typeof ReminderWorkflowCreateBody>;
export const ReminderWorkflowPatchBody = Type.Partial(Type.Omit(ReminderWorkflowCreateBody, ['company_uuid']), {
  minProperties: 1,
  additionalProperties: false,
});
export type ReminderWorkflowPatchBody = Static<typeof ReminderWorkflowPatchBody>;
