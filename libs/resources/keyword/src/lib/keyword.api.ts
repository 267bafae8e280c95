import { api } from '@smsc/shared-api';
import type {
  Campaign,
  Keyword,
  KeywordCreateBody,
  KeywordPatchBody,
  KeywordPayload,
  ListPageOf,
  OptOutReply,
  OptOutReplyBody,
  OptOutReplyPayload,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const KEYWORD_TAG = 'Keyword';
const OPT_OUT_TAG = 'OptOutReply';
const LIST = { type: KEYWORD_TAG, id: 'LIST' } as const;
const unwrap = (answer: KeywordPayload) => answer.keyword;
const enc = encodeURIComponent;

/** Keywords of docs/spec.md §7 (GET /keyword/list; POST; GET, PATCH, DELETE /keyword/{id}). */
export const keywordApi = api.enhanceEndpoints({ addTagTypes: [KEYWORD_TAG, OPT_OUT_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listKeywords: b.query<ListPageOf<Keyword>, ListQueryArg>({
      query: (params) => ({ url: '/keyword/list', params }),
      providesTags: [LIST],
    }),
    getKeyword: b.query<Keyword, string>({
      query: (id) => `/keyword/${enc(id)}`,
      transformResponse: unwrap,
      providesTags: (_r, _e, id) => [{ type: KEYWORD_TAG, id }],
    }),
    createKeyword: b.mutation<Keyword, KeywordCreateBody>({
      query: (body) => ({ url: '/keyword', method: 'POST', body }),
      transformResponse: unwrap,
      invalidatesTags: [LIST],
    }),
    updateKeyword: b.mutation<Keyword, { id: string; body: KeywordPatchBody }>({
      query: ({ id, body }) => ({ url: `/keyword/${enc(id)}`, method: 'PATCH', body }),
      transformResponse: unwrap,
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: KEYWORD_TAG, id }],
    }),
    deleteKeyword: b.mutation<unknown, string>({
      query: (id) => ({ url: `/keyword/${enc(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: KEYWORD_TAG, id }],
    }),
    // the opt-in picker: the company's campaigns by name (the server lists only the caller's)
    // the built-in STOP/START keywords' answers (GET/PUT /opt_out_reply; a company admin's own company)
    getOptOutReply: b.query<OptOutReply, void>({
      query: () => '/opt_out_reply',
      transformResponse: (a: OptOutReplyPayload) => a.opt_out_reply,
      providesTags: [OPT_OUT_TAG],
    }),
    setOptOutReply: b.mutation<OptOutReply, OptOutReplyBody>({
      query: (body) => ({ url: '/opt_out_reply', method: 'PUT', body }),
      transformResponse: (a: OptOutReplyPayload) => a.opt_out_reply,
      invalidatesTags: [OPT_OUT_TAG],
    }),
    keywordCampaignOptions: b.query<ListPageOf<Campaign>, void>({
      query: () => ({ url: '/campaign/list', params: { per_page: 1000, order_by: 'campaign_name', order_dir: 'asc' } }),
    }),
  }),
});

export const {
  useListKeywordsQuery,
  useLazyListKeywordsQuery,
  useGetKeywordQuery,
  useCreateKeywordMutation,
  useUpdateKeywordMutation,
  useDeleteKeywordMutation,
  useKeywordCampaignOptionsQuery,
  useGetOptOutReplyQuery,
  useSetOptOutReplyMutation,
} = keywordApi;
