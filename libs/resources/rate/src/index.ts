export {
  rateApi,
  RATE_TAG,
  useListRatesQuery,
  useLazyListRatesQuery,
  useDeleteRateMutation,
  useImportRatesMutation,
  useLazyExportRatesQuery,
  useRateTablePageQuery,
  useGetRateTableQuery,
  useCreateRateTableMutation,
  useUpdateRateTableMutation,
  useDeleteRateTableMutation,
  useDeckOwnerQuery,
  type RateOwner,
} from './lib/rate.api';
export {
  rateDefinition,
  rateBundle,
  rateTableDefinition,
  rateTableBundle,
  rateTableFields,
  RATE_TABLE_TYPES,
} from './lib/rate.resource';
export { importRateRows, RateImport } from './lib/rate-import';
export {
  ExportRatesButton,
  RateDeckPage,
  RateDeckImportPage,
  RateTableEditPage,
  SmsPricingPage,
  ratePricingRoutes,
  rateDeckRoutes,
} from './lib/rate-pages';
