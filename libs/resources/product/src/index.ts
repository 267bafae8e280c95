export {
  productApi,
  PRODUCT_TAG,
  useListProductsQuery,
  useLazyListProductsQuery,
  useGetProductQuery,
  useCreateProductMutation,
  useUpdateProductMutation,
  useDeleteProductMutation,
  useListRateTablesQuery,
  useListRoutingsQuery,
  useLazyQuoteProductQuery,
  useListProductCompaniesQuery,
  useAddProductCompanyMutation,
} from './lib/product.api';
export { productDefinition, productBundle, productFields } from './lib/product.resource';
export { routingBundle, routingDefinition } from './lib/routing.resource';
export { RoutesEditor, routingRoutes, toRouteLines } from './lib/routing-pages';
export { QuoteBox, ProductEditPage, ProductCompaniesPage, productPages, productAccess } from './lib/product-pages';
export { SignupPlanPage, plannable } from './lib/signup-plan-page';
export {
  routeQualityApi,
  useListRouteQualityQuery,
  useGetRouteQualityQuery,
  useRouteQualityEventsQuery,
  useRouteQualitySettingsQuery,
  useUpdateRouteQualityMutation,
} from './lib/route-quality.api';
export { routeQualityBundle, routeQualityDefinition } from './lib/route-quality.resource';
export { RouteQualityListPage, RouteQualityDetails, routeQualityRoutes, rulesText } from './lib/route-quality-pages';
export { FloorButton, PinSelect } from './lib/route-quality-actions';
