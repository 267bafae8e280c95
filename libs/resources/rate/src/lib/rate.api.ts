import { api } from '@smsc/shared-api';
import type {
  ListPageOf,
  Rate,
  RatePatch,
  RateImportPreview,
  RateImportResult,
  RateTable,
  RateTableCreate,
  RateTablePatch,
  RateTableWithRates,
  VendorProduct,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const RATE_TAG = 'Rate';
/** The product lib lists rate tables under this tag too: a new table shows in the product form at once. */
const TABLE_TAG = 'RateTable';
const RATES = { type: RATE_TAG, id: 'LIST' } as const;

/** Whose rates: a rate table's selling rates, or a vendor product's deck (its cost). */
export interface RateOwner {
  kind: 'rate_table' | 'vendor_product';
  id: string;
}
/** A re-import: replace the deck or update it (add and change), effective from a day (YYYY-MM-DD). */
export type ImportMode = 'update' | 'replace';
export interface ImportOptions {
  mode?: ImportMode;
  effective_from?: string;
}
const base = (o: RateOwner) => `/${o.kind}/${encodeURIComponent(o.id)}`;

/** Spec §7 rates and rate tables, plus the CSV import and export of a rate list (additions to the spec). */
export const rateApi = api.enhanceEndpoints({ addTagTypes: [RATE_TAG, TABLE_TAG, 'VendorProduct'] }).injectEndpoints({
  endpoints: (b) => ({
    listRates: b.query<ListPageOf<Rate>, ListQueryArg>({
      query: (params) => ({ url: '/rate/list', params }),
      providesTags: [RATES],
    }),
    updateRate: b.mutation<Rate, { id: string; body: RatePatch }>({
      query: ({ id, body }) => ({ url: `/rate/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [RATES],
    }),
    deleteRate: b.mutation<unknown, string>({
      query: (id) => ({ url: `/rate/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [RATES, TABLE_TAG],
    }),
    /** the whole file in one call: the server imports every line or none */
    importRates: b.mutation<RateImportResult, RateOwner & ImportOptions & { csv: string }>({
      query: ({ csv, mode, effective_from, ...owner }) => ({
        url: `${base(owner)}/import`,
        method: 'POST',
        params: mode ? { mode, effective_from } : undefined,
        body: { csv },
      }),
      invalidatesTags: [RATES, TABLE_TAG, 'VendorProduct'],
    }),
    /** what an import would change (new, changed, removed rates), nothing written */
    previewRates: b.mutation<RateImportPreview, RateOwner & ImportOptions & { csv: string }>({
      query: ({ csv, mode, effective_from, ...owner }) => ({
        url: `${base(owner)}/import/preview`,
        method: 'POST',
        params: { mode, effective_from },
        body: { csv },
      }),
    }),
    exportRates: b.query<string, RateOwner>({
      query: (owner) => ({ url: `${base(owner)}/export`, responseHandler: 'text' }),
      // a download is asked for on purpose each time, never answered from cache
      keepUnusedDataFor: 0,
    }),
    rateTablePage: b.query<ListPageOf<RateTable>, ListQueryArg>({
      query: (params) => ({ url: '/rate_table/list', params }),
      providesTags: [TABLE_TAG],
    }),
    getRateTable: b.query<RateTableWithRates, string>({
      query: (id) => `/rate_table/${encodeURIComponent(id)}`,
      providesTags: [TABLE_TAG],
    }),
    createRateTable: b.mutation<RateTableWithRates, RateTableCreate>({
      query: (body) => ({ url: '/rate_table', method: 'POST', body }),
      invalidatesTags: [TABLE_TAG],
    }),
    updateRateTable: b.mutation<RateTableWithRates, { id: string; body: RateTablePatch }>({
      query: ({ id, body }) => ({ url: `/rate_table/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: [TABLE_TAG, RATES],
    }),
    deleteRateTable: b.mutation<unknown, string>({
      query: (id) => ({ url: `/rate_table/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: [TABLE_TAG, RATES],
    }),
  }),
});

export const {
  useListRatesQuery,
  useLazyListRatesQuery,
  useUpdateRateMutation,
  useDeleteRateMutation,
  useImportRatesMutation,
  usePreviewRatesMutation,
  useLazyExportRatesQuery,
  useRateTablePageQuery,
  useLazyRateTablePageQuery,
  useGetRateTableQuery,
  useCreateRateTableMutation,
  useUpdateRateTableMutation,
  useDeleteRateTableMutation,
} = rateApi;

/** The name of a deck's vendor product, for the deck pages' headings and file names. */
export const deckOwnerApi = rateApi.injectEndpoints({
  endpoints: (b) => ({
    deckOwner: b.query<VendorProduct, string>({
      query: (id) => `/vendor_product/${encodeURIComponent(id)}`,
      providesTags: [RATES],
    }),
  }),
});
export const { useDeckOwnerQuery } = deckOwnerApi;
