import { api } from '@smsc/shared-api';
import type {
  AniGroup,
  AniGroupCreateBody,
  AniGroupImportResult,
  AniGroupNumber,
  AniGroupPatchBody,
  AniGroupPayload,
  ListPageOf,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const ANI_GROUP_TAG = 'AniGroup';
const LIST = { type: ANI_GROUP_TAG, id: 'LIST' } as const;
const unwrap = (answer: AniGroupPayload) => answer.ani_group;
const enc = encodeURIComponent;

/** ANI groups of docs/spec.md §7 (list, CRUD, their numbers, CSV import). */
export const aniGroupApi = api.enhanceEndpoints({ addTagTypes: [ANI_GROUP_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listAniGroups: b.query<ListPageOf<AniGroup>, ListQueryArg>({
      query: (params) => ({ url: '/ani_group/list', params }),
      providesTags: [LIST],
    }),
    getAniGroup: b.query<AniGroup, string>({
      query: (id) => `/ani_group/${enc(id)}`,
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: ANI_GROUP_TAG, id }],
    }),
    listAniGroupNumbers: b.query<ListPageOf<AniGroupNumber>, { id: string; page: number; per_page: number }>({
      query: ({ id, ...params }) => ({ url: `/ani_group/${enc(id)}/list`, params }),
      providesTags: (_r, _e, { id }) => [{ type: ANI_GROUP_TAG, id }],
    }),
    createAniGroup: b.mutation<AniGroup, AniGroupCreateBody>({
      query: (body) => ({ url: '/ani_group', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST],
    }),
    updateAniGroup: b.mutation<AniGroup, { id: string; body: AniGroupPatchBody }>({
      query: ({ id, body }) => ({ url: `/ani_group/${enc(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: ANI_GROUP_TAG, id }],
    }),
    deleteAniGroup: b.mutation<unknown, string>({
      query: (id) => ({ url: `/ani_group/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: ANI_GROUP_TAG, id }],
    }),
    importAniGroups: b.mutation<AniGroupImportResult, { csv: string; company_uuid?: string }>({
      query: (body) => ({ url: '/ani_group/import', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
  }),
});

export const {
  useListAniGroupsQuery,
  useLazyListAniGroupsQuery,
  useGetAniGroupQuery,
  useListAniGroupNumbersQuery,
  useCreateAniGroupMutation,
  useUpdateAniGroupMutation,
  useDeleteAniGroupMutation,
  useImportAniGroupsMutation,
} = aniGroupApi;
