import {
  REMINDER_REPEATS,
  WORKFLOW_NAME_MAX,
  WORKFLOW_TEXT_MAX,
  type ReminderRepeat,
  type ReminderWorkflow,
  type ReminderWorkflowCreateBody,
  type ReminderWorkflowPatchBody,
  type SmsWorkflow,
  type SmsWorkflowCreateBody,
  type SmsWorkflowPatchBody,
} from '@smsc/shared-contract';
import {
  Tag,
  type FormValues,
  type ResourceBundle,
  type ResourceDefinition,
  type ResourcePages,
} from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import {
  useCreateReminderWorkflowMutation,
  useCreateSmsWorkflowMutation,
  useDeleteReminderWorkflowMutation,
  useDeleteSmsWorkflowMutation,
  useGetReminderWorkflowQuery,
  useGetSmsWorkflowQuery,
  useLazyListReminderWorkflowsQuery,
  useLazyListSmsWorkflowsQuery,
  useListReminderWorkflowsQuery,
  useListSmsWorkflowsQuery,
  useUpdateReminderWorkflowMutation,
  useUpdateSmsWorkflowMutation,
} from './workflow.api';
import { WorkflowSendActions } from './workflow-send';

export const WORKFLOW_ACCESS = { company: 'workflow.company' } as const;

const text = (v: unknown) => String(v ?? '').trim();
/** Numbers typed one per line (commas and semicolons separate them too). */
export const splitLines = (v: unknown) =>
  text(v)
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const numbersCell = (v: unknown) => {
  const list = v as string[];
  return list.length > 3 ? `${list.slice(0, 3).join(', ')} and ${list.length - 3} more` : list.join(', ');
};

const common = [
  { name: 'name', label: 'Name', kind: 'text' as const, required: true, maxLength: WORKFLOW_NAME_MAX },
  {
    name: 'ani',
    label: 'Sender number',
    kind: 'text' as const,
    required: true,
    maxLength: 24,
    placeholder: '+1 212 555 2301',
  },
  { name: 'text', label: 'Text', kind: 'textarea' as const, required: true, maxLength: WORKFLOW_TEXT_MAX },
  {
    name: 'numbers',
    label: 'Numbers (one per line)',
    kind: 'textarea' as const,
    required: true,
    placeholder: '+1 415 555 0100',
  },
];

export const smsWorkflowDefinition: ResourceDefinition<SmsWorkflow> = {
  name: 'sms-workflows',
  title: 'SMS workflows',
  singular: 'SMS workflow',
  idField: 'sms_workflow_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'name', title: 'Name', sortable: true, search: 'text', width: 200 },
    { key: 'ani', title: 'Sender', width: 150 },
    { key: 'numbers', title: 'Numbers', width: 260, render: numbersCell },
    { key: 'is_bulk', title: 'Bulk', width: 80, render: (v) => (v ? <Tag color="blue">Bulk</Tag> : 'No') },
    { key: 'company_name', title: 'Company', width: 160, access: WORKFLOW_ACCESS.company },
    { key: 'created_on', title: 'Created', sortable: true, width: 190, dateTime: true },
  ],
  formFields: [...common, { name: 'is_bulk', label: 'Bulk (send every number as one bulk job)', kind: 'switch' }],
};

export function smsWorkflowBody(values: FormValues): SmsWorkflowCreateBody {
  return {
    name: text(values['name']),
    ani: text(values['ani']),
    text: text(values['text']),
    numbers: splitLines(values['numbers']),
    is_bulk: values['is_bulk'] === true,
  };
}

export const smsWorkflowBundle: ResourceBundle<SmsWorkflow, SmsWorkflowCreateBody, SmsWorkflowPatchBody> = {
  definition: smsWorkflowDefinition,
  useList: useListSmsWorkflowsQuery,
  useLazyList: useLazyListSmsWorkflowsQuery,
  useGet: useGetSmsWorkflowQuery,
  useCreate: useCreateSmsWorkflowMutation,
  useUpdate: useUpdateSmsWorkflowMutation,
  useDelete: useDeleteSmsWorkflowMutation,
  toCreate: smsWorkflowBody,
  toPatch: smsWorkflowBody,
  defaults: { is_bulk: false },
  toForm: (row) => ({
    name: row.name,
    ani: row.ani,
    text: row.text,
    numbers: row.numbers.join('\n'),
    is_bulk: row.is_bulk,
  }),
};

const REPEAT_LABEL: Record<ReminderRepeat, string> = { none: 'Once', daily: 'Every day', weekly: 'Every week' };

export const reminderWorkflowDefinition: ResourceDefinition<ReminderWorkflow> = {
  name: 'reminder-workflows',
  title: 'Reminder workflows',
  singular: 'Reminder workflow',
  idField: 'reminder_workflow_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'name', title: 'Name', sortable: true, search: 'text', width: 200 },
    { key: 'ani', title: 'Sender', width: 150 },
    { key: 'numbers', title: 'Numbers', width: 240, render: numbersCell },
    { key: 'repeat', title: 'Repeat', width: 110, render: (v) => REPEAT_LABEL[v as ReminderRepeat] },
    {
      key: 'next_run_at',
      title: 'Next',
      sortable: true,
      width: 190,
      dateTime: true,
      render: (v) => (v ? formatDateTime(v as string) : '–'),
    },
    {
      key: 'last_run_at',
      title: 'Last sent',
      dateTime: true,
      width: 190,
      render: (v) => (v ? formatDateTime(v as string) : '–'),
    },
    {
      key: 'is_active',
      title: 'Active',
      width: 90,
      render: (v) => (v ? <Tag color="green">Active</Tag> : <Tag>Off</Tag>),
    },
    { key: 'company_name', title: 'Company', width: 160, access: WORKFLOW_ACCESS.company },
  ],
  formFields: [
    ...common,
    { name: 'remind_at', label: 'Send at', kind: 'datetime', required: true },
    {
      name: 'repeat',
      label: 'Repeat',
      kind: 'select',
      options: REMINDER_REPEATS.map((r) => ({ value: r, label: REPEAT_LABEL[r] })),
    },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

export function reminderWorkflowBody(values: FormValues): ReminderWorkflowCreateBody {
  const at = new Date(text(values['remind_at']));
  return {
    name: text(values['name']),
    ani: text(values['ani']),
    text: text(values['text']),
    numbers: splitLines(values['numbers']),
    // an unreadable date goes as typed, so the server's 400 names the field
    remind_at: Number.isNaN(at.getTime()) ? text(values['remind_at']) : at.toISOString(),
    repeat: (values['repeat'] as ReminderRepeat | undefined) ?? 'none',
    is_active: values['is_active'] !== false,
  };
}

export const reminderWorkflowBundle: ResourceBundle<
  ReminderWorkflow,
  ReminderWorkflowCreateBody,
  ReminderWorkflowPatchBody
> = {
  definition: reminderWorkflowDefinition,
  useList: useListReminderWorkflowsQuery,
  useLazyList: useLazyListReminderWorkflowsQuery,
  useGet: useGetReminderWorkflowQuery,
  useCreate: useCreateReminderWorkflowMutation,
  useUpdate: useUpdateReminderWorkflowMutation,
  useDelete: useDeleteReminderWorkflowMutation,
  toCreate: reminderWorkflowBody,
  toPatch: reminderWorkflowBody,
  defaults: { repeat: 'none', is_active: true },
  toForm: (row) => ({
    name: row.name,
    ani: row.ani,
    text: row.text,
    numbers: row.numbers.join('\n'),
    remind_at: row.remind_at,
    repeat: row.repeat,
    is_active: row.is_active,
  }),
};

/** Spec §2: sms-workflow (list, add, edit/{id}), with Send now / Send a file in each row. */
export const smsWorkflowPages: ResourcePages<SmsWorkflow> = {
  path: 'sms-workflow',
  redirectTo: 'list',
  list: { path: 'list', title: 'SMS workflows' },
  create: { path: 'add', title: 'Add SMS workflow' },
  edit: { path: 'edit/:id', title: 'Edit SMS workflow' },
  rowActions: (row) => <WorkflowSendActions row={row} />,
  rowActionsWidth: 200,
};

/** Spec §2, company admin: reminder-workflow (list, add, edit/{id}). */
export const reminderWorkflowPages: ResourcePages<ReminderWorkflow> = {
  path: 'reminder-workflow',
  redirectTo: 'list',
  list: { path: 'list', title: 'Reminder workflows' },
  create: { path: 'add', title: 'Add reminder workflow' },
  edit: { path: 'edit/:id', title: 'Edit reminder workflow' },
};

/** Spec §2, company user: reminder-workflow (reminder-workflow-list, add-reminder-workflow, edit-reminder-workflow). */
export const userReminderWorkflowPages: ResourcePages<ReminderWorkflow> = {
  path: 'reminder-workflow',
  redirectTo: 'reminder-workflow-list',
  list: { path: 'reminder-workflow-list', title: 'Reminder workflows' },
  create: { path: 'add-reminder-workflow', title: 'Add reminder workflow' },
  edit: { path: 'edit-reminder-workflow/:id', title: 'Edit reminder workflow' },
};
