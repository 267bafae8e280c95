import { api, GUARDS_TAG, LEDGER_LIST, LEDGER_TAG } from '@smsc/shared-api';
import type {
  Balance,
  BalanceQuery,
  CheckoutAnswer,
  CheckoutBody,
  Invoice,
  InvoiceCreate,
  InvoiceDetails,
  InvoicePayload,
  LedgerEntry,
  ListPageOf,
  Payment,
  PaymentCreate,
  PaymentButtonCapture,
  PaymentButtonCaptured,
  PaymentButtonConfig,
  PaymentButtonCreate,
  PaymentButtonOrder,
  PaymentPayload,
  Reseller,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export const PAYMENT_TAG = 'Payment';
export { LEDGER_TAG };
export const INVOICE_TAG = 'Invoice';
const PAYMENTS = { type: PAYMENT_TAG, id: 'LIST' } as const;
const LEDGER = LEDGER_LIST;
const INVOICES = { type: INVOICE_TAG, id: 'LIST' } as const;
/**
 * A payment moves balances and histories too, and may settle invoices, so every billing read refreshes after one;
 * and the company's guards page (its spend and low-balance banner).
 */
const MONEY_MOVED = [PAYMENTS, LEDGER, INVOICES, GUARDS_TAG] as const;

/** Pickers of the add-payment form: a page of names is enough for a select. */
const CHOICES = { page: 0, per_page: 1000 };

export const billingApi = api
  .enhanceEndpoints({ addTagTypes: [PAYMENT_TAG, LEDGER_TAG, INVOICE_TAG, GUARDS_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      listPayments: b.query<ListPageOf<Payment>, ListQueryArg>({
        query: (params) => ({ url: '/payment/list', params }),
        providesTags: [PAYMENTS],
      }),
      createPayment: b.mutation<Payment, PaymentCreate>({
        query: (body) => ({ url: '/payment', method: 'POST', body }),
        transformResponse: (answer: PaymentPayload) => answer.payment,
        invalidatesTags: MONEY_MOVED,
      }),
      listTransactions: b.query<ListPageOf<LedgerEntry>, ListQueryArg>({
        query: (params) => ({ url: '/transaction/list', params }),
        providesTags: [LEDGER],
      }),
      getBalance: b.query<Balance, BalanceQuery>({
        query: (params) => ({ url: '/balance', params }),
        providesTags: [LEDGER],
      }),
      startCheckout: b.mutation<CheckoutAnswer, CheckoutBody>({
        query: (body) => ({ url: '/payments/stripe/checkout', method: 'POST', body }),
      }),
      paypalConfig: b.query<PaymentButtonConfig, void>({
        query: () => ({ url: '/payments/paypal/config' }),
      }),
      createPaypalOrder: b.mutation<PaymentButtonOrder, PaymentButtonCreate>({
        query: (body) => ({ url: '/payments/create', method: 'POST', body }),
      }),
      capturePaypalOrder: b.mutation<PaymentButtonCaptured, PaymentButtonCapture>({
        query: (body) => ({ url: '/payments/paypal/capture', method: 'POST', body }),
        invalidatesTags: MONEY_MOVED,
      }),
      listInvoices: b.query<ListPageOf<Invoice>, ListQueryArg>({
        query: (params) => ({ url: '/invoice/list', params }),
        providesTags: [INVOICES],
      }),
      getInvoice: b.query<InvoiceDetails, string>({
        query: (id) => ({ url: `/invoice/${id}` }),
        providesTags: [INVOICES],
      }),
      createInvoice: b.mutation<InvoiceDetails, InvoiceCreate>({
        query: (body) => ({ url: '/invoice', method: 'POST', body }),
        transformResponse: (answer: InvoicePayload) => answer.invoice,
        invalidatesTags: [INVOICES],
      }),
      /**
       * The PDF as an object URL (the call needs the auth header, so a plain link cannot fetch it); the
       * caller revokes it. A refusal keeps its JSON body so the usual error text shows.
       */
      invoicePdfUrl: b.mutation<string, string>({
        query: (id) => ({
          url: `/invoice/${id}/pdf`,
          cache: 'no-store',
          responseHandler: async (r: Response) => (r.ok ? URL.createObjectURL(await r.blob()) : r.json()),
        }),
      }),
      billingResellerChoices: b.query<ListPageOf<Reseller>, void>({
        query: () => ({ url: '/reseller/list', params: { ...CHOICES, order_by: 'reseller_name' } }),
      }),
    }),
  });

export const {
  useListPaymentsQuery,
  useLazyListPaymentsQuery,
  useCreatePaymentMutation,
  useListTransactionsQuery,
  useLazyListTransactionsQuery,
  useGetBalanceQuery,
  useStartCheckoutMutation,
  useBillingResellerChoicesQuery,
  useListInvoicesQuery,
  useLazyListInvoicesQuery,
  useGetInvoiceQuery,
  useCreateInvoiceMutation,
  useInvoicePdfUrlMutation,
  usePaypalConfigQuery,
  useCreatePaypalOrderMutation,
  useCapturePaypalOrderMutation,
} = billingApi;
