// What send() makes of one message itself: its batch item, its price columns, and the rows it writes
// alone (a refused message kept with its reason; a scheduled one, which holds nothing until its time
// comes). A queued message is stored by the send batcher with the company's other sends.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { Decision } from './engine/pipeline';
import type { BatchItem } from './batch';
import { claimKeys, linkKeys } from './idempotency';
import { BlockedError, type SendInput } from './pipeline-types';

type SmsRow = Omit<Insertable<Database['sms']>, 'status'>;

/** Stores a blocked message with its reason and throws why (a 4xx). */
export async function storeBlocked(
  db: Kysely<Database>,
  row: SmsRow,
  d: Extract<Decision, { ok: false }>,
): Promise<never> {
  await db
    .insertInto('sms')
    .values({ ...row, status: 'blocked', block_reason: d.reason, status_message: d.message })
    .execute();
  throw new BlockedError(d.reason, d.message);
}

/** Stores a scheduled message, priced, under its idempotency key (a retried request answers the first). */
export async function storeScheduled(
  db: Kysely<Database>,
  row: SmsRow,
  idem: SendInput['idempotency'],
): Promise<{ sms_uuid: string; replay: boolean }> {
  return db.transaction().execute(async (trx) => {
    if (idem) {
      const [claim] = await claimKeys(trx, [idem]);
      if (claim.kind === 'error') throw claim.error;
      if (claim.kind === 'replay') return { sms_uuid: claim.sms_uuid, replay: true };
    }
    const stored = await trx
      .insertInto('sms')
      .values({ ...row, status: 'scheduled', reservation_uuid: null })
      .returning('sms_uuid')
      .executeTakeFirstOrThrow();
    if (idem) await linkKeys(trx, [{ user_uuid: idem.user_uuid, key: idem.key, sms_uuid: stored.sms_uuid }]);
    return { sms_uuid: stored.sms_uuid, replay: false };
  });
}

/** One message as the batch pipeline takes it (send() stores through the same batcher as bulk). */
export function batchItemOf(input: SendInput, ani: string, text: string): BatchItem {
  return {
    ani,
    dnis: input.dnis,
    text,
    recipient_uuid: input.recipient_uuid ?? null,
    user_uuid: input.user_uuid,
    api_key_uuid: input.api_key_uuid ?? null,
    sms_template_uuid: input.sms_template_uuid ?? null,
    send_at: input.send_at ?? null,
    sms_uuid: input.sms_uuid,
    status_callback: input.status_callback ?? null,
    sandbox: !!input.sandbox,
  };
}
