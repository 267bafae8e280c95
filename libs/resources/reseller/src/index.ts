export {
  resellerApi,
  RESELLER_TAG,
  useListResellersQuery,
  useLazyListResellersQuery,
  useGetResellerQuery,
  useCreateResellerMutation,
  useUpdateResellerMutation,
  useDeleteResellerMutation,
  useImportResellersMutation,
  usePlatformProductChoicesQuery,
} from './lib/reseller.api';
export {
  resellerDefinition,
  resellerBundle,
  importResellerRows,
  ResellerImport,
  usePlatformProductOptions,
  PlatformProductName,
} from './lib/reseller.resource';
export {
  resellerTeamApi,
  useListResellerMembersQuery,
  useAddResellerMemberMutation,
  useUpdateResellerMemberMutation,
  useRemoveResellerMemberMutation,
} from './lib/reseller-team.api';
export { ResellerTeam, resellerTeamDefinition } from './lib/reseller-team';
