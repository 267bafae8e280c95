export {
  userApi,
  userListParams,
  USER_TAG,
  useListUsersQuery,
  useLazyListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} from './lib/user.api';
export {
  userDefinition,
  userBundle,
  toUserCreate,
  toUserPatch,
  USER_ACCESS,
  activeTag,
  useCompanyOptions,
} from './lib/user.resource';
export { CompanyUsersPage, type CompanyUsersPageProps } from './lib/company-users-page';
