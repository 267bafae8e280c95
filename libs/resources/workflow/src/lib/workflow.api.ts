import { api } from '@smsc/shared-api';
import type {
  ListPageOf,
  ReminderWorkflow,
  ReminderWorkflowCreateBody,
  ReminderWorkflowPatchBody,
  ReminderWorkflowPayload,
  SmsWorkflow,
  SmsWorkflowCreateBody,
  SmsWorkflowPatchBody,
  SmsWorkflowPayload,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const SMS_WORKFLOW_TAG = 'SmsWorkflow';
export const REMINDER_WORKFLOW_TAG = 'ReminderWorkflow';
const SMS_LIST = { type: SMS_WORKFLOW_TAG, id: 'LIST' } as const;
const REMINDER_LIST = { type: REMINDER_WORKFLOW_TAG, id: 'LIST' } as const;
const enc = encodeURIComponent;

/** /sms_workflow and /reminder_workflow of docs/spec.md §7, and the three ways a workflow sends. */
export const workflowApi = api
  .enhanceEndpoints({ addTagTypes: [SMS_WORKFLOW_TAG, REMINDER_WORKFLOW_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      listSmsWorkflows: b.query<ListPageOf<SmsWorkflow>, ListQueryArg>({
        query: (params) => ({ url: '/sms_workflow/list', params }),
        providesTags: [SMS_LIST],
      }),
      getSmsWorkflow: b.query<SmsWorkflow, string>({
        query: (id) => `/sms_workflow/${enc(id)}`,
        transformResponse: (a: SmsWorkflowPayload) => a.sms_workflow,
        providesTags: (_r, _e, id) => [{ type: SMS_WORKFLOW_TAG, id }],
      }),
      createSmsWorkflow: b.mutation<SmsWorkflow, SmsWorkflowCreateBody>({
        query: (body) => ({ url: '/sms_workflow', method: 'POST', body }),
        transformResponse: (a: SmsWorkflowPayload) => a.sms_workflow,
        invalidatesTags: [SMS_LIST],
      }),
      updateSmsWorkflow: b.mutation<SmsWorkflow, { id: string; body: SmsWorkflowPatchBody }>({
        query: ({ id, body }) => ({ url: `/sms_workflow/${enc(id)}`, method: 'PATCH', body }),
        transformResponse: (a: SmsWorkflowPayload) => a.sms_workflow,
        invalidatesTags: (_r, _e, { id }) => [SMS_LIST, { type: SMS_WORKFLOW_TAG, id }],
      }),
      deleteSmsWorkflow: b.mutation<unknown, string>({
        query: (id) => ({ url: `/sms_workflow/${enc(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => [SMS_LIST, { type: SMS_WORKFLOW_TAG, id }],
      }),

      listReminderWorkflows: b.query<ListPageOf<ReminderWorkflow>, ListQueryArg>({
        query: (params) => ({ url: '/reminder_workflow/list', params }),
        providesTags: [REMINDER_LIST],
      }),
      getReminderWorkflow: b.query<ReminderWorkflow, string>({
        query: (id) => `/reminder_workflow/${enc(id)}`,
        transformResponse: (a: ReminderWorkflowPayload) => a.reminder_workflow,
        providesTags: (_r, _e, id) => [{ type: REMINDER_WORKFLOW_TAG, id }],
      }),
      createReminderWorkflow: b.mutation<ReminderWorkflow, ReminderWorkflowCreateBody>({
        query: (body) => ({ url: '/reminder_workflow', method: 'POST', body }),
        transformResponse: (a: ReminderWorkflowPayload) => a.reminder_workflow,
        invalidatesTags: [REMINDER_LIST],
      }),
      updateReminderWorkflow: b.mutation<ReminderWorkflow, { id: string; body: ReminderWorkflowPatchBody }>({
        query: ({ id, body }) => ({ url: `/reminder_workflow/${enc(id)}`, method: 'PATCH', body }),
        transformResponse: (a: ReminderWorkflowPayload) => a.reminder_workflow,
        invalidatesTags: (_r, _e, { id }) => [REMINDER_LIST, { type: REMINDER_WORKFLOW_TAG, id }],
      }),
      deleteReminderWorkflow: b.mutation<unknown, string>({
        query: (id) => ({ url: `/reminder_workflow/${enc(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => [REMINDER_LIST, { type: REMINDER_WORKFLOW_TAG, id }],
      }),

      // Spec §7: a workflow sends through POST /sms, POST /bulk when bulk is checked, or POST /bulk_sms as a file.
      workflowSendSms: b.mutation<
        unknown,
        { ani: string; dnis: string; text: string; values?: Record<string, string> }
      >({
        query: (body) => ({ url: '/sms', method: 'POST', body }),
      }),
      workflowSendBulk: b.mutation<
        unknown,
        { ani: string; text: string; numbers: string[]; values?: Record<string, string> }
      >({
        query: (body) => ({ url: '/bulk', method: 'POST', body }),
      }),
      workflowSendFile: b.mutation<
        unknown,
        { ani: string; text: string; file: Blob; filename: string; values?: Record<string, string> }
      >({
        query: ({ ani, text, file, filename, values }) => {
          const form = new FormData();
          form.append('ani', ani);
          form.append('text', text);
          if (values && Object.keys(values).length) form.append('values', JSON.stringify(values));
          form.append('file', file, filename);
          return { url: '/bulk_sms', method: 'POST', body: form };
        },
      }),
    }),
  });

export const {
  useListSmsWorkflowsQuery,
  useLazyListSmsWorkflowsQuery,
  useGetSmsWorkflowQuery,
  useCreateSmsWorkflowMutation,
  useUpdateSmsWorkflowMutation,
  useDeleteSmsWorkflowMutation,
  useListReminderWorkflowsQuery,
  useLazyListReminderWorkflowsQuery,
  useGetReminderWorkflowQuery,
  useCreateReminderWorkflowMutation,
  useUpdateReminderWorkflowMutation,
  useDeleteReminderWorkflowMutation,
  useWorkflowSendSmsMutation,
  useWorkflowSendBulkMutation,
  useWorkflowSendFileMutation,
} = workflowApi;
