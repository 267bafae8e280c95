export {
  workflowApi,
  SMS_WORKFLOW_TAG,
  REMINDER_WORKFLOW_TAG,
  useListSmsWorkflowsQuery,
  useGetSmsWorkflowQuery,
  useCreateSmsWorkflowMutation,
  useUpdateSmsWorkflowMutation,
  useDeleteSmsWorkflowMutation,
  useListReminderWorkflowsQuery,
  useGetReminderWorkflowQuery,
  useCreateReminderWorkflowMutation,
  useUpdateReminderWorkflowMutation,
  useDeleteReminderWorkflowMutation,
} from './lib/workflow.api';
export {
  smsWorkflowDefinition,
  smsWorkflowBundle,
  smsWorkflowBody,
  reminderWorkflowDefinition,
  reminderWorkflowBundle,
  reminderWorkflowBody,
  splitLines,
  smsWorkflowPages,
  reminderWorkflowPages,
  userReminderWorkflowPages,
  WORKFLOW_ACCESS,
} from './lib/workflow.resource';
export { sendWorkflow, WorkflowSendActions, type SendOutcome } from './lib/workflow-send';
