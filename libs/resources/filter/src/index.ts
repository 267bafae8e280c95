export {
  filterApi,
  filterRequests,
  unwrapFilter,
  FILTER_TAG,
  useListFiltersQuery,
  useLazyListFiltersQuery,
  useGetFilterQuery,
  useCreateFilterMutation,
  useUpdateFilterMutation,
  useDeleteFilterMutation,
} from './lib/filter.api';
export { filterDefinition, filterBundle, filterFields, filterPages, FILTER_ACCESS } from './lib/filter.resource';
