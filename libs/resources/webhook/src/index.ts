export {
  webhookApi,
  WEBHOOK_TAG,
  useListWebhooksQuery,
  useGetWebhookQuery,
  useCreateWebhookMutation,
  useUpdateWebhookMutation,
  useDeleteWebhookMutation,
  useWebhookDeliveriesQuery,
  useTestWebhookMutation,
} from './lib/webhook.api';
export {
  webhookDefinition,
  webhookBundle,
  webhookPages,
  webhookCreateBody,
  webhookPatchBody,
  WEBHOOK_ACCESS,
} from './lib/webhook.resource';
export { WebhookPanel, WebhookDeliveries } from './lib/webhook-panel';
export { WebhookListExtra } from './lib/callback-secret';
export { SecretNotice } from './lib/webhook-secret';
