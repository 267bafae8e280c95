export {
  recipientApi,
  RECIPIENT_TAG,
  useListRecipientsQuery,
  useLazyListRecipientsQuery,
  useGetRecipientQuery,
  useCreateRecipientMutation,
  useUpdateRecipientMutation,
  useDeleteRecipientMutation,
  useImportRecipientsMutation,
} from './lib/recipient.api';
export {
  recipientDefinition,
  recipientBundle,
  recipientBody,
  recipientPages,
  RECIPIENT_ACCESS,
} from './lib/recipient.resource';
export { RecipientImport, importRecipientRows } from './lib/recipient-import';
