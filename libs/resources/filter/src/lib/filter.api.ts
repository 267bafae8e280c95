import { api } from '@smsc/shared-api';
import type { ListPageOf, StopText, StopTextBody, StopTextPatchBody } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const FILTER_TAG = 'Filter';
const LIST = { type: FILTER_TAG, id: 'LIST' } as const;
type Fields = StopTextBody['filter'];
type PatchFields = StopTextPatchBody['filter'];

/** The requests of docs/spec.md §7 for stop texts: bodies carry the record under `filter`. */
export const filterRequests = {
  create: (filter: Fields) => ({ url: '/stop_text/create', method: 'POST', body: { filter } satisfies StopTextBody }),
  update: (id: string, filter: PatchFields) => ({
    url: `/stop_text/${encodeURIComponent(id)}`,
    method: 'PATCH',
    body: { filter } satisfies StopTextPatchBody,
  }),
};

/** Answers carry the record under `filter` as well. */
export const unwrapFilter = (answer: { filter: StopText }) => answer.filter;

/** Stop-text filters: bodies and answers carry the record under `filter` (docs/spec.md §7). */
export const filterApi = api.enhanceEndpoints({ addTagTypes: [FILTER_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listFilters: b.query<ListPageOf<StopText>, ListQueryArg>({
      query: (params) => ({ url: '/stop_text/list', params }),
      providesTags: [LIST],
    }),
    getFilter: b.query<StopText, string>({
      query: (id) => `/stop_text/${encodeURIComponent(id)}`,
      transformResponse: unwrapFilter,
      providesTags: (_r, _e, id) => [{ type: FILTER_TAG, id }],
    }),
    createFilter: b.mutation<StopText, Fields>({
      query: filterRequests.create,
      transformResponse: unwrapFilter,
      invalidatesTags: [LIST],
    }),
    updateFilter: b.mutation<StopText, { id: string; body: PatchFields }>({
      query: ({ id, body }) => filterRequests.update(id, body),
      transformResponse: unwrapFilter,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: FILTER_TAG, id }],
    }),
    deleteFilter: b.mutation<unknown, string>({
      query: (id) => ({ url: `/stop_text/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: FILTER_TAG, id }],
    }),
  }),
});

export const {
  useListFiltersQuery,
  useLazyListFiltersQuery,
  useGetFilterQuery,
  useCreateFilterMutation,
  useUpdateFilterMutation,
  useDeleteFilterMutation,
} = filterApi;
