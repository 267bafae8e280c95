export {
  keywordApi,
  KEYWORD_TAG,
  useListKeywordsQuery,
  useLazyListKeywordsQuery,
  useGetKeywordQuery,
  useCreateKeywordMutation,
  useUpdateKeywordMutation,
  useDeleteKeywordMutation,
  useKeywordCampaignOptionsQuery,
  useGetOptOutReplyQuery,
  useSetOptOutReplyMutation,
} from './lib/keyword.api';
export { keywordDefinition, keywordBundle, keywordBody, KEYWORD_ACCESS } from './lib/keyword.resource';
export { OptOutRepliesPanel } from './lib/opt-out-replies';
export { OptOutsPage } from './lib/opt-outs-page';
export { optOutApi } from './lib/opt-outs.api';
