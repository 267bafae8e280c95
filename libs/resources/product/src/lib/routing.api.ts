import type {
  ListPageOf,
  Routing,
  RoutingCreate,
  RoutingPatch,
  RoutingWithRoutes,
  VendorProduct,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';
import { productApi } from './product.api';

const LIST = { type: 'Routing', id: 'LIST' } as const;

/** Spec §7 routing calls (list, get, create, patch, delete) and the vendor products a route may use. */
export const routingApi = productApi.injectEndpoints({
  endpoints: (b) => ({
    listRoutingPage: b.query<ListPageOf<Routing>, ListQueryArg>({
      query: (params) => ({ url: '/routing/list', params }),
      providesTags: ['Routing', LIST],
    }),
    getRouting: b.query<RoutingWithRoutes, string>({
      query: (id) => `/routing/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: 'Routing', id }],
    }),
    createRouting: b.mutation<RoutingWithRoutes, RoutingCreate>({
      query: (body) => ({ url: '/routing', method: 'POST', body }),
      invalidatesTags: ['Routing'],
    }),
    updateRouting: b.mutation<RoutingWithRoutes, { id: string; body: RoutingPatch }>({
      query: ({ id, body }) => ({ url: `/routing/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => ['Routing', { type: 'Routing', id }],
    }),
    deleteRouting: b.mutation<unknown, string>({
      query: (id) => ({ url: `/routing/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Routing'],
    }),
    /** Every vendor product a route may send through (one page of up to 1,000). */
    routeVendorProducts: b.query<ListPageOf<VendorProduct>, void>({
      query: () => ({ url: '/vendor_product/list', params: { page: 0, per_page: 1000 } }),
    }),
  }),
});

export const {
  useListRoutingPageQuery,
  useGetRoutingQuery,
  useCreateRoutingMutation,
  useUpdateRoutingMutation,
  useDeleteRoutingMutation,
  useRouteVendorProductsQuery,
} = routingApi;
