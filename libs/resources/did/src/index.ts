export {
  didApi,
  DID_TAG,
  useListDidsQuery,
  useLazyListDidsQuery,
  useListCompanyDidsQuery,
  useGetDidQuery,
  useCreateDidMutation,
  useUpdateDidMutation,
  useAssignDidMutation,
  useDeleteDidMutation,
  useImportDidsMutation,
  useSearchDidsQuery,
  useSearchTfDidsQuery,
  useOrderDidsMutation,
  useDisconnectDidsMutation,
  useListStatesQuery,
} from './lib/did.api';
export { didDefinition, didBundle, companyDidBundle, didPages, DID_ACCESS, formatDid } from './lib/did.resource';
export { BuyNumbers, type BuyNumbersProps } from './lib/buy-numbers';
export { DidKindSwitch } from './lib/did-kind-switch';
export { DidImport, importDidRows } from './lib/did-import';
export { DidOwnerPanel, AssignedDids } from './lib/did-owner-pages';
export {
  didExtrasApi,
  useGetCallWorkflowQuery,
  useSaveCallWorkflowMutation,
  useImportDidsFromKannelMutation,
  useListDidImportLogQuery,
  useListDidWebhooksQuery,
  useCreateDidWebhookMutation,
  useUpdateDidWebhookMutation,
  useDeleteDidWebhookMutation,
  useListWebhookDeliveriesQuery,
} from './lib/did-extras.api';
export { NewCallFlow } from './lib/call-flow-page';
export { DidImportLog, KannelDidImport, importLogDefinition } from './lib/import-log-page';
export { DidWebhooksPanel } from './lib/did-webhooks';
export { VendorDids, VendorDidEdit } from './lib/vendor-dids';
