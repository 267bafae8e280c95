export {
  bulkApi,
  BULK_TAG,
  BULK_POLL_MS,
  isLive,
  useCreateBulkMutation,
  useCreateDelayedBulkMutation,
  useListBulksQuery,
  useBulkReportQuery,
  useBulkActionMutation,
  type BulkListKind,
} from './lib/bulk.api';
export { BulkList, BulkActions, BulkFigures, bulkStatusTag } from './lib/bulk-list';
export { BulkSendForm, type CountParts } from './lib/bulk-send';
export { previewCsv } from './lib/bulk-csv';
export { BulkReportPage, BulkReportView, BulkLive } from './lib/bulk-report';
export { BulkSmsPage } from './lib/bulk-sms';
export { bulkSendingRoutes, bulkRoutes } from './lib/bulk-routes';
