import { api } from '@smsc/shared-api';
import type { ListPageOf, MessageBody, User, UserCreate, UserListQuery, UserPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const USER_TAG = 'User';
const LIST = { type: USER_TAG, id: 'LIST' } as const;

/**
 * The list form names the name column after the record (`full_name`); the API's filter for name
 * or e-mail is `user_name` (docs/spec.md §7).
 */
export function userListParams(arg: ListQueryArg): UserListQuery {
  const { full_name, ...rest } = arg;
  return { ...(rest as UserListQuery), ...(full_name !== undefined ? { user_name: String(full_name) } : {}) };
}

export const userApi = api.enhanceEndpoints({ addTagTypes: [USER_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    listUsers: build.query<ListPageOf<User>, ListQueryArg>({
      query: (arg) => ({ url: '/user/list', params: userListParams(arg) }),
      providesTags: (page) => [LIST, ...(page?.items ?? []).map((u) => ({ type: USER_TAG, id: u.uuid }) as const)],
    }),
    getUser: build.query<User, string>({
      query: (id) => `/user/${encodeURIComponent(id)}`,
      providesTags: (_user, _error, id) => [{ type: USER_TAG, id }],
    }),
    createUser: build.mutation<User, UserCreate>({
      query: (body) => ({ url: '/user', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateUser: build.mutation<User, { id: string; body: UserPatch }>({
      query: ({ id, body }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_user, _error, { id }) => [LIST, { type: USER_TAG, id }],
    }),
    deleteUser: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [LIST, { type: USER_TAG, id }],
    }),
  }),
});

export const {
  useListUsersQuery,
  useLazyListUsersQuery,
  useGetUserQuery,
  useCreateUserMutation,
  useUpdateUserMutation,
  useDeleteUserMutation,
} = userApi;
