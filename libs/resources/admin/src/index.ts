export {
  adminApi,
  adminListParams,
  ADMIN_TAG,
  useListAdminsQuery,
  useLazyListAdminsQuery,
  useGetAdminQuery,
  useCreateAdminMutation,
  useUpdateAdminMutation,
  useDeleteAdminMutation,
} from './lib/admin.api';
export { adminDefinition, adminBundle, toAdminCreate, toAdminPatch } from './lib/admin.resource';
