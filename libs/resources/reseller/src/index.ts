export {
  resellerApi, RESELLER_TAG, useListResellersQuery, useLazyListResellersQuery, useGetResellerQuery, useCreateResellerMutation, useUpdateResellerMutation,
  useDeleteResellerMutation, useImportResellersMutation,
} from './lib/reseller.api';
export { resellerDefinition, resellerBundle, importResellerRows, ResellerImport } from './lib/reseller.resource';
