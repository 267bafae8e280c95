export {
  billingApi,
  PAYMENT_TAG,
  LEDGER_TAG,
  useListPaymentsQuery,
  useLazyListPaymentsQuery,
  useCreatePaymentMutation,
  useListTransactionsQuery,
  useLazyListTransactionsQuery,
  useGetBalanceQuery,
  useStartCheckoutMutation,
} from './lib/billing.api';
export {
  paymentDefinition,
  paymentBundle,
  paymentBody,
  transactionDefinition,
  transactionBundle,
  billingPages,
  BILLING_ACCESS,
} from './lib/payment.resource';
export {
  BalanceSummary,
  TransactionHistory,
  PaymentHistory,
  PaymentGateway,
  PaymentResult,
  checkoutNavigation,
  type HistoryProps,
} from './lib/billing-pages';
export {
  INVOICE_TAG,
  useListInvoicesQuery,
  useLazyListInvoicesQuery,
  useGetInvoiceQuery,
  useCreateInvoiceMutation,
  useInvoicePdfUrlMutation,
} from './lib/billing.api';
export {
  invoiceDefinition,
  invoiceBundle,
  invoiceBody,
  invoicePages,
  lastMonth,
  InvoicePdfButton,
  pdfDownload,
} from './lib/invoice.resource';
export { invoiceRoutes, InvoiceHistory } from './lib/invoice-pages';
export { HeaderBalance, BALANCE_POLL_MS } from './lib/header-balance';
