// DID webhooks: since migration 510 company webhooks scoped to a number; their routes, delivery, retries and log
// are company-webhooks' (did-routes.ts, dispatcher.ts). What stays here is the old signature's check, which
// receivers and the specs still use during its deprecation period (docs/webhooks.md, "DID webhooks").
export { signWebhook, verifyWebhook, SIGNATURE_HEADER, TIMESTAMP_HEADER } from './signing';
