import { api } from '@smsc/shared-api';
import type { ListPageOf, PaymentTerm, PaymentTermCreate, PaymentTermPatch } from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const PAYMENT_TERM_TAG = 'PaymentTerm';
const LIST = { type: PAYMENT_TERM_TAG, id: 'LIST' } as const;

export const paymentTermApi = api.enhanceEndpoints({ addTagTypes: [PAYMENT_TERM_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listPaymentTerms: b.query<ListPageOf<PaymentTerm>, ListQueryArg>({
      query: (params) => ({ url: '/payment_term/list', params }),
      providesTags: [LIST],
    }),
    getPaymentTerm: b.query<PaymentTerm, string>({
      query: (id) => `/payment_term/${encodeURIComponent(id)}`,
      providesTags: (_r, _e, id) => [{ type: PAYMENT_TERM_TAG, id }],
    }),
    createPaymentTerm: b.mutation<PaymentTerm, PaymentTermCreate>({
      query: (body) => ({ url: '/payment_term/create', method: 'POST', body }),
      invalidatesTags: [LIST],
    }),
    updatePaymentTerm: b.mutation<PaymentTerm, { id: string; body: PaymentTermPatch }>({
      query: ({ id, body }) => ({ url: `/payment_term/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, _e, { id }) => [LIST, { type: PAYMENT_TERM_TAG, id }],
    }),
    deletePaymentTerm: b.mutation<unknown, string>({
      query: (id) => ({ url: `/payment_term/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: PAYMENT_TERM_TAG, id }],
    }),
  }),
});

export const {
  useListPaymentTermsQuery,
  useLazyListPaymentTermsQuery,
  useGetPaymentTermQuery,
  useCreatePaymentTermMutation,
  useUpdatePaymentTermMutation,
  useDeletePaymentTermMutation,
} = paymentTermApi;
