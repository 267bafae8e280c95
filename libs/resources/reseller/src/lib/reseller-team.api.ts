import { api } from '@smsc/shared-api';
import type { ListPageOf, ResellerMember, ResellerMemberCreate, ResellerMemberPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const RESELLER_MEMBER_TAG = 'ResellerMember';
const list = (reseller: string) => ({ type: RESELLER_MEMBER_TAG, id: `LIST-${reseller}` }) as const;
const path = (reseller: string) => `/reseller/${encodeURIComponent(reseller)}/user`;

/** A reseller's team: its logins, each an admin or read-only (GET/POST/PATCH/DELETE /reseller/:id/user). */
export const resellerTeamApi = api.enhanceEndpoints({ addTagTypes: [RESELLER_MEMBER_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listResellerMembers: b.query<ListPageOf<ResellerMember>, ListQueryArg & { reseller: string }>({
      query: ({ reseller, ...params }) => ({ url: `${path(reseller)}/list`, params }),
      providesTags: (_r, _e, { reseller }) => [list(reseller)],
    }),
    addResellerMember: b.mutation<ResellerMember, { reseller: string; body: ResellerMemberCreate }>({
      query: ({ reseller, body }) => ({ url: path(reseller), method: 'POST', body }),
      invalidatesTags: (_r, _e, { reseller }) => [list(reseller)],
    }),
    updateResellerMember: b.mutation<ResellerMember, { reseller: string; id: string; body: ResellerMemberPatch }>({
      query: ({ reseller, id, body }) => ({
        url: `${path(reseller)}/${encodeURIComponent(id)}`,
        method: 'PATCH',
        body,
      }),
      invalidatesTags: (_r, _e, { reseller }) => [list(reseller)],
    }),
    removeResellerMember: b.mutation<unknown, { reseller: string; id: string }>({
      query: ({ reseller, id }) => ({ url: `${path(reseller)}/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, { reseller }) => [list(reseller)],
    }),
  }),
});

export const {
  useListResellerMembersQuery,
  useAddResellerMemberMutation,
  useUpdateResellerMemberMutation,
  useRemoveResellerMemberMutation,
} = resellerTeamApi;
