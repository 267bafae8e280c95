// Idempotency-Key on bulk creation (POST /bulk, /bulk_sms_delayed, /bulk_sms): the key and a hash of the request
// are stored on the bulk's own row, unique per user, so the key and its bulk commit together (a crash leaves
// neither) and two requests racing with one key end in one bulk: the loser's insert waits for the winner's commit,
// fails the unique index and answers the winner's bulk. A key names its bulk for good (the bulk list keeps it).
import { createHash } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { HttpError } from '../lib/http-error';

export interface BulkRequestKey {
  key: string;
  hash: string;
}

/** The request's fingerprint: what decides the bulk (not how it came: JSON or a form). */
export const requestHash = (request: unknown) => createHash('sha256').update(JSON.stringify(request)).digest('hex');

export const isUniqueViolation = (e: unknown) => (e as { code?: string } | null)?.code === '23505';

/**
 * The bulk a key already created for this user, or undefined. The same key for a different request is a
 * mistake of the caller's (422), never a silent second bulk nor the first one's answer.
 */
export async function priorBulk(db: Kysely<Database>, user_uuid: string, k: BulkRequestKey) {
  const row = await db
    .selectFrom('bulks')
    .select(['bulk_uuid', 'status', 'total', 'request_hash'])
    .where('user_uuid', '=', user_uuid)
    .where('request_key', '=', k.key)
    .executeTakeFirst();
  if (row && row.request_hash !== k.hash)
    throw new HttpError(422, 'This Idempotency-Key was used for a different bulk');
  return row;
}
