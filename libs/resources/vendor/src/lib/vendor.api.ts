import { api, VENDOR_LIST, VENDOR_TAG } from '@smsc/shared-api';
import type {
  ListPageOf,
  Vendor,
  VendorCreate,
  VendorPatch,
  VendorProduct,
  VendorProductCreate,
  VendorProductPatch,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

const LIST = VENDOR_LIST;
export { VENDOR_TAG };

/** Spec §7 vendors. */
export const vendorApi = api.enhanceEndpoints({ addTagTypes: [VENDOR_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listVendors: b.query<ListPageOf<Vendor>, ListQueryArg>({
      query: (params) => ({ url: '/vendor/list', params }),
      providesTags: [LIST],
    }),
    getVendor: b.query<Vendor, string>({
      query: (id) => `/vendor/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: VENDOR_TAG, id }],
    }),
    createVendor: b.mutation<Vendor, VendorCreate>({
      query: (body) => ({ url: '/vendor', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updateVendor: b.mutation<Vendor, { id: string; body: VendorPatch }>({
      query: ({ id, body }) => ({ url: `/vendor/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: VENDOR_TAG, id }],
    }),
    deleteVendor: b.mutation<unknown, string>({
      query: (id) => ({ url: `/vendor/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: VENDOR_TAG, id }],
    }),
  }),
});

export const {
  useListVendorsQuery,
  useLazyListVendorsQuery,
  useGetVendorQuery,
  useCreateVendorMutation,
  useUpdateVendorMutation,
  useDeleteVendorMutation,
} = vendorApi;

export const VENDOR_PRODUCT_TAG = 'VendorProduct';
const PRODUCTS = { type: VENDOR_PRODUCT_TAG, id: 'LIST' } as const;

/** Spec §7 vendor products (a vendor's accounts: each has its own rate deck). */
export const vendorProductApi = vendorApi.enhanceEndpoints({ addTagTypes: [VENDOR_PRODUCT_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listVendorProducts: b.query<ListPageOf<VendorProduct>, ListQueryArg>({
      query: (params) => ({ url: '/vendor_product/list', params }),
      providesTags: [PRODUCTS],
    }),
    getVendorProduct: b.query<VendorProduct, string>({
      query: (id) => `/vendor_product/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: VENDOR_PRODUCT_TAG, id }],
    }),
    createVendorProduct: b.mutation<VendorProduct, VendorProductCreate>({
      query: (body) => ({ url: '/vendor_product', method: 'POST', body }),
      invalidatesTags: [PRODUCTS],
    }),
    updateVendorProduct: b.mutation<VendorProduct, { id: string; body: VendorProductPatch }>({
      query: ({ id, body }) => ({ url: `/vendor_product/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [PRODUCTS, { type: VENDOR_PRODUCT_TAG, id }],
    }),
    deleteVendorProduct: b.mutation<unknown, string>({
      query: (id) => ({ url: `/vendor_product/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [PRODUCTS, { type: VENDOR_PRODUCT_TAG, id }],
    }),
  }),
});

export const {
  useListVendorProductsQuery,
  useLazyListVendorProductsQuery,
  useGetVendorProductQuery,
  useCreateVendorProductMutation,
  useUpdateVendorProductMutation,
  useDeleteVendorProductMutation,
} = vendorProductApi;
