import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/schema';

/**
 * Each company's status-callback signing secret, as a sub-select to join by company_uuid: the Twilio-compatible
 * StatusCallback sender signs with it as the status_callback of POST /sms is signed (twilio-compat/callbacks.ts).
 */
export const callbackSecrets: RawBuilder<unknown> = sql`(select company_uuid, secret from company_callback_secrets)`;

/** The company's status-callback secret, or undefined before it has one. */
export const callbackSecretOf = (db: Kysely<Database>, company_uuid: string) =>
  db
    .selectFrom('company_callback_secrets')
    .select('secret')
    .where('company_uuid', '=', company_uuid)
    .executeTakeFirst();

/** Sets (or replaces) the company's status-callback secret. */
export async function setCallbackSecret(db: Kysely<Database>, company_uuid: string, secret: string): Promise<void> {
  await db
    .insertInto('company_callback_secrets')
    .values({ company_uuid, secret })
    .onConflict((oc) => oc.column('company_uuid').doUpdateSet({ secret }))
    .execute();
}
