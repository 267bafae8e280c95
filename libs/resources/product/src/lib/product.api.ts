import { api } from '@smsc/shared-api';
import type {
  ListPageOf,
  Product,
  ProductCompany,
  ProductCreate,
  ProductPatch,
  QuoteAnswer,
  RateTable,
  Routing,
  SignupPlan,
  SignupPlanPut,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const PRODUCT_TAG = 'Product';
const LIST = { type: PRODUCT_TAG, id: 'LIST' } as const;
/** The product form picks from every rate table and routing the caller owns (one page of up to 1,000). */
const ALL = { page: 0, per_page: 1000 };

/** Spec §7 products, plus the quote and company calls the product screens use. */
export const productApi = api
  .enhanceEndpoints({ addTagTypes: [PRODUCT_TAG, 'RateTable', 'Routing', 'SignupPlan'] })
  .injectEndpoints({
    endpoints: (b) => ({
      listProducts: b.query<ListPageOf<Product>, ListQueryArg>({
        query: (params) => ({ url: '/product/list', params }),
        providesTags: [LIST],
      }),
      getProduct: b.query<Product, string>({
        query: (id) => `/product/${encodeURIComponent(id)}`,
        providesTags: (_r, _e, id) => [{ type: PRODUCT_TAG, id }],
      }),
      createProduct: b.mutation<Product, ProductCreate>({
        query: (body) => ({ url: '/product', method: 'POST', body }),
        invalidatesTags: [LIST],
      }),
      updateProduct: b.mutation<Product, { id: string; body: ProductPatch }>({
        query: ({ id, body }) => ({ url: `/product/${encodeURIComponent(id)}`, method: 'PATCH', body }),
        invalidatesTags: (_r, _e, { id }) => [LIST, { type: PRODUCT_TAG, id }],
      }),
      deleteProduct: b.mutation<unknown, string>({
        query: (id) => ({ url: `/product/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: (_r, _e, id) => [LIST, { type: PRODUCT_TAG, id }],
      }),
      /** the plan self-registered companies get: the platform's (the admin), or the reseller's own */
      getSignupPlan: b.query<SignupPlan, void>({ query: () => '/signup_plan', providesTags: ['SignupPlan'] }),
      setSignupPlan: b.mutation<SignupPlan, SignupPlanPut>({
        query: (body) => ({ url: '/signup_plan', method: 'PUT', body }),
        invalidatesTags: ['SignupPlan'],
      }),
      listRateTables: b.query<ListPageOf<RateTable>, ListQueryArg | void>({
        query: (params) => ({ url: '/rate_table/list', params: params ?? ALL }),
        providesTags: ['RateTable'],
      }),
      listRoutings: b.query<ListPageOf<Routing>, ListQueryArg | void>({
        query: (params) => ({ url: '/routing/list', params: params ?? ALL }),
        providesTags: ['Routing'],
      }),
      quoteProduct: b.query<QuoteAnswer, { id: string; dnis: string }>({
        query: ({ id, dnis }) => ({ url: `/product/${encodeURIComponent(id)}/quote`, params: { dnis } }),
        // a quote is asked for on purpose each time; an edited catalog must not answer from cache
        keepUnusedDataFor: 0,
      }),
      listProductCompanies: b.query<ListPageOf<ProductCompany>, string>({
        query: (id) => `/product/${encodeURIComponent(id)}/company/list`,
        providesTags: (_r, _e, id) => [{ type: PRODUCT_TAG, id: `companies-${id}` }],
      }),
      addProductCompany: b.mutation<ProductCompany, { id: string; company_uuid: string }>({
        query: ({ id, company_uuid }) => ({
          url: `/product/${encodeURIComponent(id)}/company`,
          method: 'POST',
          body: { company_uuid },
        }),
        invalidatesTags: (_r, _e, { id }) => [
          LIST,
          { type: PRODUCT_TAG, id },
          { type: PRODUCT_TAG, id: `companies-${id}` },
        ],
      }),
    }),
  });

export const {
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
  useGetSignupPlanQuery,
  useSetSignupPlanMutation,
} = productApi;
