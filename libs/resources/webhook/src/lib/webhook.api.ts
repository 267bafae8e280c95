import { api, WEBHOOK_TAG } from '@smsc/shared-api';
import type {
  CallbackSecretInfo,
  CompanyWebhook,
  CompanyWebhookAttempt,
  CompanyWebhookAttempts,
  CompanyWebhookCreateBody,
  CompanyWebhookPatchBody,
  CompanyWebhookPayload,
  CompanyWebhookTestResult,
  ListPageOf,
} from '@smsc/shared-contract';
import type { ListQueryArg } from '@smsc/shared-ui';

export { WEBHOOK_TAG };
const LIST = { type: WEBHOOK_TAG, id: 'LIST' } as const;
const CALLBACK = { type: WEBHOOK_TAG, id: 'CALLBACK' } as const;

/** A created or rotated webhook: the record, and its secret the one time it is answered. */
export interface WebhookWithSecret {
  webhook: CompanyWebhook;
  secret?: string;
}

/** Company webhooks (docs/webhooks.md): /webhook list, create, read, change, delete, log, test, callback secret. */
export const webhookApi = api.enhanceEndpoints({ addTagTypes: [WEBHOOK_TAG] }).injectEndpoints({
  endpoints: (b) => ({
    listWebhooks: b.query<ListPageOf<CompanyWebhook>, ListQueryArg>({
      query: (params) => ({ url: '/webhook/list', params }),
      providesTags: [LIST],
    }),
    getWebhook: b.query<CompanyWebhook, string>({
      query: (id) => `/webhook/${encodeURIComponent(id)}`,
      transformResponse: (a: CompanyWebhookPayload) => a.webhook,
      providesTags: (_r, _e, id) => [{ type: WEBHOOK_TAG, id }],
    }),
    /** the answer carries the secret in full: the screen shows it once */
    createWebhook: b.mutation<WebhookWithSecret, CompanyWebhookCreateBody>({
      query: (body) => ({ url: '/webhook', method: 'POST', body }),
      invalidatesTags: (_r, error) => (error ? [] : [LIST]),
    }),
    updateWebhook: b.mutation<WebhookWithSecret, { id: string; body: CompanyWebhookPatchBody }>({
      query: ({ id, body }) => ({ url: `/webhook/${encodeURIComponent(id)}`, method: 'PATCH', body }),
      invalidatesTags: (_r, error, { id }) => (error ? [] : [LIST, { type: WEBHOOK_TAG, id }]),
    }),
    deleteWebhook: b.mutation<unknown, string>({
      query: (id) => ({ url: `/webhook/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: (_r, error, id) => (error ? [] : [LIST, { type: WEBHOOK_TAG, id }]),
    }),
    webhookDeliveries: b.query<CompanyWebhookAttempt[], string>({
      query: (id) => `/webhook/${encodeURIComponent(id)}/deliveries`,
      transformResponse: (a: CompanyWebhookAttempts) => a.items,
      providesTags: (_r, _e, id) => [{ type: WEBHOOK_TAG, id: `log-${id}` }],
    }),
    testWebhook: b.mutation<CompanyWebhookTestResult, string>({
      query: (id) => ({ url: `/webhook/${encodeURIComponent(id)}/test`, method: 'POST' }),
      invalidatesTags: (_r, _e, id) => [LIST, { type: WEBHOOK_TAG, id }, { type: WEBHOOK_TAG, id: `log-${id}` }],
    }),
    callbackSecret: b.query<CallbackSecretInfo, string | undefined>({
      query: (company_uuid) => ({ url: '/webhook/callback-secret', params: company_uuid ? { company_uuid } : {} }),
      providesTags: [CALLBACK],
    }),
    rotateCallbackSecret: b.mutation<CallbackSecretInfo, string | undefined>({
      query: (company_uuid) => ({
        url: '/webhook/callback-secret',
        method: 'POST',
        body: company_uuid ? { company_uuid } : {},
      }),
      invalidatesTags: (_r, error) => (error ? [] : [CALLBACK]),
    }),
  }),
});

export const {
  useListWebhooksQuery,
  useLazyListWebhooksQuery,
  useGetWebhookQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useTestWebhookMutation,
  useCallbackSecretQuery,
  useRotateCallbackSecretMutation,
} = webhookApi;
