import { api } from '@smsc/shared-api';
import type { Campaign, Keyword, KeywordCreateBody, KeywordPatchBody, KeywordPayload, ListPageOf } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const KEYWORD_TAG = 'Keyword';
const LIST = { type: KEYWORD_TAG, id: 'LIST' } as const;
const unwrap = (answer: KeywordPayload) => answer.keyword;
const enc = encodeURIComponent;

/** Keywords of spec §7 (GET /keyword/list; POST; GET, PATCH, DELETE /keyword/{id}). */
export const keywordApi = api.enhanceEndpoints({ addTagTypes: [KEYWORD_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listKeywords: b.query<ListPageOf<Keyword>, ListQueryArg>({ query: (params) => ({ url: '/keyword/list', params }), providesTags: [LIST] }),
    getKeyword: b.query<Keyword, string>({ query: (id) => `/keyword/${enc(id)}`, transformResponse: unwrap, providesTags: (_r, _e, id) => [{ type: KEYWORD_TAG, id }] }),
    createKeyword: b.mutation<Keyword, KeywordCreateBody>({ query: (body) => ({ url: '/keyword', method: 'POST', body }), transformResponse: unwrap, invalidatesTags: [LIST] }),
    updateKeyword: b.mutation<Keyword, { id: string; body: KeywordPatchBody }>({
      query: ({ id, body }) => ({ url: `/keyword/${enc(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: KEYWORD_TAG, id }],
    }),
    deleteKeyword: b.mutation<unknown, string>({ query: (id) => ({ url: `/keyword/${enc(id)}`, method: 'DELETE' }), invalidatesTags: (_r, _e, id) => [LIST, { type: KEYWORD_TAG, id }] }),
    // the opt-in picker: the company's campaigns by name (the server lists only the caller's)
    keywordCampaignOptions: b.query<ListPageOf<Campaign>, void>({ query: () => ({ url: '/campaign/list', params: { per_page: 1000, order_by: 'campaign_name', order_dir: 'asc' } }) }),
  }),
});

export const {
  useListKeywordsQuery, useLazyListKeywordsQuery, useGetKeywordQuery, useCreateKeywordMutation, useUpdateKeywordMutation, useDeleteKeywordMutation,
  useKeywordCampaignOptionsQuery,
} = keywordApi;
