import { api } from '@smsc/shared-api';
import type {
  ChangeSetDetails,
  DeckKind,
  ListPageOf,
  MarkupCreate,
  MarkupPreview,
  PriceNotice,
  RateChangeSet,
  VendorProduct,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';
import { RATE_TAG, type RateOwner } from './rate.api';

export const CHANGE_SET_TAG = 'RateChangeSet';
export const PRICE_NOTICE_TAG = 'PriceNotice';

/** Rate change sets (issue 49): a deck for approval, its diff and impact, approve or reject; price notices. */
export const rateChangeApi = api
  .enhanceEndpoints({ addTagTypes: [CHANGE_SET_TAG, PRICE_NOTICE_TAG, RATE_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      /** the whole CSV in one call; nothing changes in the deck until the set is approved */
      createChangeSet: b.mutation<
        RateChangeSet,
        RateOwner & { csv: string; deck_kind: DeckKind; effective_from?: string }
      >({
        query: ({ csv, deck_kind, effective_from, ...owner }) => ({
          url: `/${owner.kind}/${encodeURIComponent(owner.id)}/change_set`,
          method: 'POST',
          params: effective_from ? { kind: deck_kind, effective_from } : { kind: deck_kind },
          body: { csv },
        }),
        invalidatesTags: [CHANGE_SET_TAG],
      }),
      listChangeSets: b.query<ListPageOf<RateChangeSet>, ListQueryArg>({
        query: (params) => ({ url: '/rate_change/list', params }),
        providesTags: [CHANGE_SET_TAG],
      }),
      getChangeSet: b.query<ChangeSetDetails, string>({
        query: (id) => `/rate_change/${encodeURIComponent(id)}`,
        providesTags: [CHANGE_SET_TAG],
      }),
      approveChangeSet: b.mutation<RateChangeSet, { id: string; effective_from?: string }>({
        query: ({ id, effective_from }) => ({
          url: `/rate_change/${encodeURIComponent(id)}/approve`,
          method: 'POST',
          body: effective_from ? { effective_from } : {},
        }),
        invalidatesTags: [CHANGE_SET_TAG, PRICE_NOTICE_TAG, RATE_TAG],
      }),
      rejectChangeSet: b.mutation<RateChangeSet, string>({
        query: (id) => ({ url: `/rate_change/${encodeURIComponent(id)}/reject`, method: 'POST' }),
        invalidatesTags: [CHANGE_SET_TAG],
      }),
      /** the vendor products a deck can be imported into (the import's picker) */
      deckProducts: b.query<ListPageOf<VendorProduct>, void>({
        query: () => ({ url: '/vendor_product/list', params: { page: 0, per_page: 1000 } }),
      }),
      listPriceNotices: b.query<ListPageOf<PriceNotice>, ListQueryArg>({
        query: (params) => ({ url: '/price_notice/list', params }),
        providesTags: [PRICE_NOTICE_TAG],
      }),
      priceNoticeCsv: b.query<string, string>({
        query: (id) => ({ url: `/price_notice/${encodeURIComponent(id)}/csv`, responseHandler: 'text' }),
        keepUnusedDataFor: 0,
      }),
    }),
  });

export const {
  useCreateChangeSetMutation,
  useListChangeSetsQuery,
  useLazyListChangeSetsQuery,
  useGetChangeSetQuery,
  useApproveChangeSetMutation,
  useRejectChangeSetMutation,
  useDeckProductsQuery,
  useListPriceNoticesQuery,
  useLazyListPriceNoticesQuery,
  useLazyPriceNoticeCsvQuery,
} = rateChangeApi;

/** Issue 45 item 2: a reseller's prices as a markup over its cost, previewed, then proposed as a change set. */
export const markupApi = rateChangeApi.injectEndpoints({
  endpoints: (b) => ({
    markupPreview: b.query<MarkupPreview, { id: string; percent: number; minimum?: string }>({
      query: ({ id, ...params }) => ({ url: `/rate_table/${encodeURIComponent(id)}/markup`, params }),
      providesTags: [RATE_TAG],
    }),
    proposeMarkup: b.mutation<RateChangeSet, { id: string; body: MarkupCreate }>({
      query: ({ id, body }) => ({ url: `/rate_table/${encodeURIComponent(id)}/markup`, method: 'POST', body }),
      invalidatesTags: [CHANGE_SET_TAG],
    }),
  }),
});
export const { useLazyMarkupPreviewQuery, useProposeMarkupMutation } = markupApi;
