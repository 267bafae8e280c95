export {
  paymentTermApi,
  PAYMENT_TERM_TAG,
  useListPaymentTermsQuery,
  useLazyListPaymentTermsQuery,
  useGetPaymentTermQuery,
  useCreatePaymentTermMutation,
  useUpdatePaymentTermMutation,
  useDeletePaymentTermMutation,
} from './lib/payment-term.api';
export { paymentTermDefinition, paymentTermBundle, paymentTermBody } from './lib/payment-term.resource';
