export {
  didApi, DID_TAG, useListDidsQuery, useLazyListDidsQuery, useListCompanyDidsQuery, useGetDidQuery, useCreateDidMutation, useUpdateDidMutation,
  useAssignDidMutation, useDeleteDidMutation, useImportDidsMutation, useSearchDidsQuery, useSearchTfDidsQuery, useOrderDidsMutation,
  useDisconnectDidsMutation, useListStatesQuery,
} from './lib/did.api';
export { didDefinition, didBundle, companyDidBundle, didPages, DID_ACCESS, formatDid, formatPrice } from './lib/did.resource';
export { BuyNumbers, type BuyNumbersProps } from './lib/buy-numbers';
export { DidImport, importDidRows } from './lib/did-import';
export { DidOwnerPanel, AssignedDids } from './lib/did-owner-pages';
