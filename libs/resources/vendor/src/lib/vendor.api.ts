import { api } from '@smsc/shared-api';
import type { ListPageOf, Vendor, VendorCreate, VendorPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const VENDOR_TAG = 'Vendor';
const LIST = { type: VENDOR_TAG, id: 'LIST' } as const;

/** Spec §7 vendors. */
export const vendorApi = api.enhanceEndpoints({ addTagTypes: [VENDOR_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listVendors: b.query<ListPageOf<Vendor>, ListQueryArg>({ query: (params) => ({ url: '/vendor/list', params }), providesTags: [LIST] }),
    getVendor: b.query<Vendor, string>({ query: (id) => `/vendor/${encodeURIComponent(id)}`, providesTags: (_r, _e, id) => [{ type: VENDOR_TAG, id }] }),
    createVendor: b.mutation<Vendor, VendorCreate>({ query: (body) => ({ url: '/vendor', method: 'POST', body }), invalidatesTags: [LIST] }),
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

export const { useListVendorsQuery, useLazyListVendorsQuery, useGetVendorQuery, useCreateVendorMutation, useUpdateVendorMutation, useDeleteVendorMutation } = vendorApi;
