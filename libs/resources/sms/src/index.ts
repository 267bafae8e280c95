export {
  smsApi,
  SMS_TAG,
  SUPPRESSION_TAG,
  FINAL_STATUSES,
  useListSmsQuery,
  useLazyListSmsQuery,
  useGetSmsQuery,
  useSendSmsMutation,
  useQuoteSmsQuery,
  useListSuppressedQuery,
  useAddSuppressedMutation,
  useDeleteSuppressedMutation,
} from './lib/sms.api';
export {
  smsDefinition,
  smsBundle,
  suppressionDefinition,
  suppressionBundle,
  SUPPRESSION_ACCESS,
  suppressionBody,
  smsStatusTag,
  SMS_ACCESS,
  INCOMING,
  OUTGOING,
} from './lib/sms.resource';
export { countSegments, type Segments } from './lib/segments';
export { SmsCenter, type SmsCenterProps } from './lib/sms-center';
export { SentMessage, POLL_MS } from './lib/sent-message';
export { smsLogRoutes, resellerSmsLogRoutes, suppressionRoutes, type SuppressionPaths } from './lib/sms-pages';
export { smsCenterRoute } from './lib/center-route';
