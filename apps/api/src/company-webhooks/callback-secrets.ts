import { sql, type RawBuilder } from 'kysely';

/**
 * Each company's status-callback signing secret, as a sub-select to join by company_uuid: the Twilio-compatible
 * StatusCallback sender signs with it as the status_callback of POST /sms is signed (twilio-compat/callbacks.ts).
 */
export const callbackSecrets: RawBuilder<unknown> = sql`(select company_uuid, secret from company_callback_secrets)`;
