// A single send (POST /sms, Twilio's, replies, keyword actions, reminders) as a batch of one through the pipeline: its
// batch item, and the rows it writes alone (a refused message kept with its reason; a scheduled one, which holds
// nothing until its time comes). A queued message is stored by the send batcher with the company's other sends.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { parseNanp } from '../numbers';
import { pricedColumns, type Decision } from './engine/pipeline';
import type { BatchItem, Judged } from './batch';
import { claimKeys, linkKeys } from './idempotency';
import { lookupColumns } from './lookup-port';
import type { SendGuards } from './guard-port';
import type { SendBatcher } from './send-batch';
import type { SendFacts } from './facts';
import type { OutboundMessage } from '../lib/sms-gateway';
import { BlockedError, type CompanyFacts, type SendInput } from './pipeline-types';

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

/** What a single send uses of the pipeline (pipeline.ts hands its own steps and its batcher). */
export interface SingleSendDeps {
  db: Kysely<Database>;
  company(company_uuid: string): Promise<CompanyFacts>;
  evaluate(
    company: CompanyFacts,
    m: Parameters<SendFacts['evaluate']>[1] & { sandbox?: boolean },
  ): ReturnType<SendFacts['evaluate']>;
  handOver(msgs: OutboundMessage[]): Promise<void>;
  handOverSandbox(sms_uuid: string, known: { ani: string; dnis: string; system?: boolean }): Promise<void>;
  sends: SendBatcher;
  guards: SendGuards;
  /** a message stored for later: the scheduler arms its timer (scheduler.ts) */
  scheduled(at: number): void;
}

/**
 * Sends (or schedules) one message: a batch of one through the pipeline, stored with the company's other sends of
 * the moment (send-batch.ts). Answers the stored message's id; a blocked message is stored with its reason and an
 * HttpError (4xx) saying why is thrown. Nothing is charged unless stored queued.
 */
export async function sendOne(p: SingleSendDeps, input: SendInput): Promise<{ sms_uuid: string; replay: boolean }> {
  const company = await p.company(input.company_uuid);
  const ani = parseNanp(input.ani)?.e164 ?? input.ani.trim();
  const scheduled = !!input.send_at && input.send_at.getTime() > Date.now() + 1000;
  // a message for later is looked up when it goes (scheduler.ts): the answer may be stale by then, and unpaid twice
  const { decision, destination, text, seg, limited, lookup } = await p.evaluate(company, {
    ...input,
    ani,
    lookup: !scheduled,
  });
  const row = {
    ...(input.sms_uuid ? { sms_uuid: input.sms_uuid } : {}),
    company_uuid: company.company_uuid,
    reseller_uuid: company.reseller_uuid,
    user_uuid: input.user_uuid,
    api_key_uuid: input.api_key_uuid ?? null,
    ani,
    dnis: destination ?? input.dnis.trim(),
    text,
    segments: seg.segments,
    encoding: seg.encoding,
    recipient_uuid: input.recipient_uuid ?? null,
    sms_template_uuid: input.sms_template_uuid ?? null,
    send_at: input.send_at ?? null,
    status_callback: input.status_callback ?? null,
    sandbox: !!input.sandbox,
    ...lookupColumns(lookup),
  };
  if (!decision.ok) return storeBlocked(p.db, row, decision);
  if (scheduled) {
    // A scheduled message holds nothing until its time comes (scheduler.ts dispatch()).
    const outcome = await storeScheduled(p.db, { ...row, ...pricedColumns(decision) }, input.idempotency);
    if (!outcome.replay) p.scheduled((input.send_at as Date).getTime());
    return outcome;
  }
  const judged: Judged = {
    item: batchItemOf(input, ani, text),
    ani,
    destination,
    text,
    segments: seg.segments,
    encoding: seg.encoding,
    decision,
    limited,
    lookup,
  };
  const done = await p.sends.add(company, { judged, idempotency: input.idempotency });
  if (done.kind === 'error') throw done.error;
  if (done.kind === 'refused') throw new BlockedError(done.decision.reason, done.decision.message);
  if (done.kind === 'replay') return { sms_uuid: done.sms_uuid, replay: true };
  if (decision.price > 0n) p.guards.afterCharge(company.company_uuid, done.account ?? undefined);
  if (input.sandbox) await p.handOverSandbox(done.sms_uuid, { ani, dnis: row.dnis, system: input.system });
  else
    await p.handOver([
      {
        sms_uuid: done.sms_uuid,
        ani,
        dnis: row.dnis,
        text,
        segments: seg.segments,
        encoding: seg.encoding,
        vendor_product_uuid: decision.vendorProductUuid,
      },
    ]);
  return { sms_uuid: done.sms_uuid, replay: false };
}
