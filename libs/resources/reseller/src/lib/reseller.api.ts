import { api } from '@smsc/shared-api';
import type { ListPageOf, Product, Reseller, ResellerCreate, ResellerPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const RESELLER_TAG = 'Reseller';
const LIST = { type: RESELLER_TAG, id: 'LIST' } as const;

export const resellerApi = api.enhanceEndpoints({ addTagTypes: [RESELLER_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listResellers: b.query<ListPageOf<Reseller>, ListQueryArg>({
      query: (params) => ({ url: '/reseller/list', params }),
      providesTags: [LIST],
    }),
    getReseller: b.query<Reseller, string>({
      query: (id) => `/reseller/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: RESELLER_TAG, id }],
    }),
    createReseller: b.mutation<Reseller, ResellerCreate>({
      query: (body) => ({ url: '/reseller', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    // The name `updateReseller` is in the store's quiet list: its failures show on the form (docs/spec.md §8).
    updateReseller: b.mutation<Reseller, { id: string; body: ResellerPatch }>({
      query: ({ id, body }) => ({ url: `/reseller/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: RESELLER_TAG, id }],
    }),
    deleteReseller: b.mutation<unknown, string>({
      query: (id) => ({ url: `/reseller/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: RESELLER_TAG, id }],
    }),
    /** a CSV with a reseller_name header; the server imports it all or nothing */
    importResellers: b.mutation<{ imported: number }, string>({
      query: (csv) => ({ url: '/reseller/import', method: 'POST', body: { csv } }),
      invalidatesTags: [LIST],
    }),
    /** the products a reseller's wholesale price can come from: the platform's own (the admin's list holds resellers' too) */
    platformProductChoices: b.query<Product[], void>({
      query: () => ({ url: '/product/list', params: { page: 0, per_page: 1000, order_by: 'product_name' } }),
      transformResponse: (page: ListPageOf<Product>) => page.items.filter((p) => !p.reseller_uuid),
    }),
  }),
});

export const {
  useListResellersQuery,
  useLazyListResellersQuery,
  useGetResellerQuery,
  useCreateResellerMutation,
  useUpdateResellerMutation,
  useDeleteResellerMutation,
  useImportResellersMutation,
  usePlatformProductChoicesQuery,
} = resellerApi;
