export {
  vendorApi,
  VENDOR_TAG,
  useListVendorsQuery,
  useLazyListVendorsQuery,
  useGetVendorQuery,
  useCreateVendorMutation,
  useUpdateVendorMutation,
  useDeleteVendorMutation,
} from './lib/vendor.api';
export {
  vendorProductApi,
  VENDOR_PRODUCT_TAG,
  useListVendorProductsQuery,
  useLazyListVendorProductsQuery,
  useGetVendorProductQuery,
  useCreateVendorProductMutation,
  useUpdateVendorProductMutation,
  useDeleteVendorProductMutation,
} from './lib/vendor.api';
export {
  vendorDefinition,
  vendorBundle,
  vendorFields,
  vendorPages,
  VENDOR_ACCESS,
  VENDOR_ADMIN_LINKS,
  VENDOR_TYPES,
} from './lib/vendor.resource';
export { vendorProductDefinition, vendorProductBundle, VENDOR_PRODUCT_TYPES } from './lib/vendor-product.resource';
export {
  VendorAccountsPage,
  AddVendorProductPage,
  EditVendorProductPage,
  vendorProductRoutes,
  VENDOR_PRODUCT_LINKS,
} from './lib/vendor-product-pages';
