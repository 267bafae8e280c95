export { operationsApi, OPERATIONS_TAG, useGetOperationsQuery } from './lib/operations.api';
export { OperationsPage, OPERATIONS_POLL_MS } from './lib/operations-page';
export { usePageVisible } from './lib/use-page-visible';
export {
  retentionApi,
  RETENTION_TAG,
  useGetRetentionSettingsQuery,
  useUpdateRetentionSettingsMutation,
} from './lib/retention.api';
export { RetentionPage, archiveDownload } from './lib/retention-page';
export { RetentionSettingsCard, retentionBody } from './lib/retention-settings';
