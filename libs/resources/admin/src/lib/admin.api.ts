import { api, baseQuery } from '@smsc/shared-api';
import type { ListPageOf, MessageBody, User, UserCreate, UserListQuery, UserPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

/** Admins are users (user_type admin): they share the user cache tag so both lists stay current. */
export const ADMIN_TAG = 'User';
const LIST = { type: ADMIN_TAG, id: 'LIST' } as const;

/** System admins only; the name search is the API's `user_name` (name or e-mail). */
export function adminListParams(arg: ListQueryArg): UserListQuery {
  const { full_name, user_type: _ignored, ...rest } = arg;
  return {
    ...(rest as UserListQuery),
    ...(full_name !== undefined ? { user_name: String(full_name) } : {}),
    user_type: 'admin',
  };
}

const notAnAdmin = { status: 404, data: { code: 'not_found', detail: 'Admin not found' } };

export const adminApi = api.enhanceEndpoints({ addTagTypes: [ADMIN_TAG] }).injectEndpoints({
  endpoints: (build) => ({
    listAdmins: build.query<ListPageOf<User>, ListQueryArg>({
      query: (arg) => ({ url: '/user/list', params: adminListParams(arg) }),
      providesTags: (page) => [LIST, ...(page?.items ?? []).map((u) => ({ type: ADMIN_TAG, id: u.uuid }) as const)],
    }),
    /** a company user's id typed into the admin edit address is not an admin: answer as not found */
    getAdmin: build.query<User, string>({
      async queryFn(id, queryApi, extra) {
        const result = await baseQuery(`/user/${encodeURIComponent(id)}`, queryApi, extra);
        if (result.error) return { error: result.error };
        const user = result.data as User;
        return user.user_type === 'admin' ? { data: user } : { error: notAnAdmin };
      },
      providesTags: (_user, _error, id) => [{ type: ADMIN_TAG, id }],
    }),
    /** no company: the API makes a system admin (only a system admin may) */
    createAdmin: build.mutation<User, Omit<UserCreate, 'company_uuid' | 'is_admin'>>({
      query: (body) => ({ url: '/user', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateAdmin: build.mutation<User, { id: string; body: Omit<UserPatch, 'is_admin'> }>({
      query: ({ id, body }) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_user, _error, { id }) => [LIST, { type: ADMIN_TAG, id }],
    }),
    deleteAdmin: build.mutation<MessageBody, string>({
      query: (id) => ({ url: `/user/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_answer, _error, id) => [LIST, { type: ADMIN_TAG, id }],
    }),
  }),
});

export const {
  useListAdminsQuery,
  useLazyListAdminsQuery,
  useGetAdminQuery,
  useCreateAdminMutation,
  useUpdateAdminMutation,
  useDeleteAdminMutation,
} = adminApi;
