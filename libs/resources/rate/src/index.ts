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
export {
  changeSetBundle,
  changeSetDefinition,
  priceNoticeBundle,
  priceNoticeDefinition,
  PRICE_NOTICE_ACCESS,
  DECK_KIND_WORDS,
} from './lib/rate-change.resource';
export { rateChangeRoutes, priceNoticePages } from './lib/rate-change-routes';
export { ChangeSetView, ChangeSetPage } from './lib/change-set-page';
export { NewChangeSetPage } from './lib/new-change-set';
export { MarkupPage } from './lib/markup-page';
