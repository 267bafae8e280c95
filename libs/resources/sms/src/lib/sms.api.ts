import { api, DID_TAG, GUARDS_TAG, LEDGER_LIST, LEDGER_TAG, SMS_TAG, TEMPLATE_TAG } from '@smsc/shared-api';
import type {
  Did,
  ListPageOf,
  Recipient,
  SendSmsBody,
  Sms,
  SmsPage,
  SmsEvents,
  SmsPayload,
  SmsQuote,
  SmsQuoteBody,
  SmsTemplate,
  SuppressedNumber,
  SuppressedNumberBody,
  SuppressedNumberPayload,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export { SMS_TAG };
export const SUPPRESSION_TAG = 'Suppression';
const LIST = { type: SMS_TAG, id: 'LIST' } as const;
const SUPPRESSED = { type: SUPPRESSION_TAG, id: 'LIST' } as const;
const CHOICES = 1000;

/** Messages that will not change any more: polling stops there. */
export const FINAL_STATUSES: readonly Sms['status'][] = [
  'delivered',
  'undelivered',
  'failed',
  'blocked',
  'cancelled',
  'received',
];

type Scoped = { company_uuid?: string };
const scoped = (a: Scoped | void) => (a?.company_uuid ? { company_uuid: a.company_uuid } : {});

/** Messages (docs/spec.md §7 /sms), the compose box's choices and the suppression list. */
export const smsApi = api
  .enhanceEndpoints({ addTagTypes: [SMS_TAG, SUPPRESSION_TAG, LEDGER_TAG, DID_TAG, GUARDS_TAG, TEMPLATE_TAG] })
  .injectEndpoints({
    endpoints: (b) => ({
      listSms: b.query<SmsPage, ListQueryArg>({
        query: (params) => ({ url: '/sms/list', params }),
        providesTags: [LIST],
      }),
      getSms: b.query<Sms, string>({
        query: (id) => `/sms/${encodeURIComponent(id)}`,
        transformResponse: (a: SmsPayload) => a.sms,
        providesTags: (_r, _e, id) => [{ type: SMS_TAG, id }],
      }),
      /** the message's story (accepted, priced, routed, submitted, receipt, charged…) */
      smsEvents: b.query<SmsEvents, string>({
        query: (id) => `/sms/${encodeURIComponent(id)}/events`,
        providesTags: (_r, _e, id) => [{ type: SMS_TAG, id }],
      }),
      /** `key` goes out as the Idempotency-Key header: a retried click never sends twice */
      sendSms: b.mutation<Sms, { body: SendSmsBody; key: string }>({
        query: ({ body, key }) => ({ url: '/sms', method: 'POST', body, headers: { 'Idempotency-Key': key } }),
        transformResponse: (a: SmsPayload) => a.sms,
        // a send holds money: the header balance and the transaction history read again
        // and the company's spend (its guards' usage) and low-balance banner
        invalidatesTags: [LIST, LEDGER_LIST, GUARDS_TAG],
      }),
      quoteSms: b.query<SmsQuote, SmsQuoteBody>({
        query: (body) => ({ url: '/sms/quote', method: 'POST', body }),
        // its "available" is the balance: read again after a send or a payment; its registration state follows the
        // numbers (a number attached to an approved campaign)
        providesTags: [LEDGER_LIST, { type: DID_TAG, id: 'LIST' }],
      }),
      senderNumbers: b.query<ListPageOf<Did>, Scoped | void>({
        query: (a) => ({ url: '/did/company/list', params: { per_page: CHOICES, did_type: 'ani', ...scoped(a) } }),
        // a number bought, assigned or released (here, in another tab, or by the reseller) reads them again
        providesTags: [{ type: DID_TAG, id: 'LIST' }],
      }),
      recipientChoices: b.query<ListPageOf<Recipient>, Scoped | void>({
        query: (a) => ({
          url: '/recipient/list',
          params: { per_page: CHOICES, order_by: 'recipient_name', order_dir: 'asc', ...scoped(a) },
        }),
      }),
      // every status: a pending template is shown (not pickable) so nobody wonders where it went; the live
      // template events refetch it when a reviewer decides
      templateChoices: b.query<ListPageOf<SmsTemplate>, Scoped | void>({
        query: (a) => ({
          url: '/sms_template/list',
          params: { per_page: CHOICES, status: 'all', order_by: 'template_name', order_dir: 'asc', ...scoped(a) },
        }),
        providesTags: [{ type: TEMPLATE_TAG, id: 'LIST' }],
      }),
      listSuppressed: b.query<ListPageOf<SuppressedNumber>, ListQueryArg>({
        query: (params) => ({ url: '/suppressed_number/list', params }),
        providesTags: [SUPPRESSED],
      }),
      addSuppressed: b.mutation<SuppressedNumber, SuppressedNumberBody>({
        query: (body) => ({ url: '/suppressed_number', method: 'POST', body }),
        transformResponse: (a: SuppressedNumberPayload) => a.suppressed_number,
        invalidatesTags: [SUPPRESSED],
      }),
      deleteSuppressed: b.mutation<unknown, string>({
        query: (id) => ({ url: `/suppressed_number/${encodeURIComponent(id)}`, method: 'DELETE' }),
        invalidatesTags: [SUPPRESSED],
      }),
    }),
  });

export const {
  useListSmsQuery,
  useLazyListSmsQuery,
  useGetSmsQuery,
  useSendSmsMutation,
  useSmsEventsQuery,
  useQuoteSmsQuery,
  useSenderNumbersQuery,
  useRecipientChoicesQuery,
  useTemplateChoicesQuery,
  useListSuppressedQuery,
  useLazyListSuppressedQuery,
  useAddSuppressedMutation,
  useDeleteSuppressedMutation,
} = smsApi;
