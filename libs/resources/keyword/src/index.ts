export {
  keywordApi, KEYWORD_TAG, useListKeywordsQuery, useLazyListKeywordsQuery, useGetKeywordQuery, useCreateKeywordMutation, useUpdateKeywordMutation,
  useDeleteKeywordMutation, useKeywordCampaignOptionsQuery,
} from './lib/keyword.api';
export { keywordDefinition, keywordBundle, keywordBody, KEYWORD_ACCESS } from './lib/keyword.resource';
