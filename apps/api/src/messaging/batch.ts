// The store of the send pipeline: judged messages held and written, whatever sends them (one or many).
// Each message gets the same engine decision, price, hold and charge as MessagingService.send(); only
// the round trips are shared (one lookup per batch, one transaction per batch, one UPDATE per batch).
import { randomUUID } from 'node:crypto';
import { sql, type Transaction } from 'kysely';
import type { BlockReason, SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { prepareHolds, reserveManyWith, type Held } from '../billing';
import { block, noMoney, pricedColumns, type Decision } from './engine/pipeline';
import { formatMoney } from '../billing';
import type { OutboundMessage } from '../lib/sms-gateway';
import type { CompanyFacts } from './pipeline-types';
import { NO_GUARDS, type AccountSpend, type ChargedAccount, type ObservedSend, type SendGuards } from './guard-port';
import { lookupColumns, type AppliedLookup } from './lookup-port';

export type { CompanyFacts };
export interface BatchItem {
  ani: string;
  dnis: string;
  text: string;
  recipient_uuid?: string | null;
  /** a bulk job's message: stored at most once per (bulk, recipient seq) */
  bulk?: { bulk_uuid: string; seq: number };
  /** a single send's own sender and fields (a batch of single sends mixes users) */
  user_uuid?: string | null;
  /** who else sent it (the log's "Sent by"): a program's API key, or the SMPP account a submit came in on */
  api_key_uuid?: string | null;
  smpp_account_uuid?: string | null;
  sms_template_uuid?: string | null;
  send_at?: Date | null;
  /** an id the caller chose (the SMPP listener answers a multipart message's first parts before its last arrives) */
  sms_uuid?: string;
  /** POST /sms status_callback: the message's status events go there too */
  status_callback?: string | null;
  /** a test key's message (sandbox.ts): its decision is priced at nothing already; stored marked, not observed */
  sandbox?: boolean;
}

/** Seconds a stored bulk message waits for its hand-over before another worker may hand it over. */
export const BULK_LEASE_SECONDS = 15;

/** A bulk message of the batch was stored already (a re-run batch): the caller's transaction must roll back. */
export class AlreadyStored extends Error {}
export interface Judged {
  item: BatchItem;
  ani: string;
  destination: string | null;
  text: string;
  segments: number;
  encoding: 'GSM-7' | 'UCS-2';
  decision: Decision;
  /** the company has a spend limit: the store checks it in its transaction (guard-port.ts) */
  limited?: boolean;
  /** the number lookup it was routed with (kept on the message, blocked or not: a paid lookup was paid) */
  lookup?: AppliedLookup | null;
}
export interface StoredMessage {
  sms_uuid: string;
  status: SmsStatus;
  outbound: OutboundMessage | null;
  refused?: Extract<Decision, { ok: false }>;
}

/**
 * Stores judged messages in the caller's transaction: the allowed ones hold their prices and are stored
 * queued; a refused one (or one the balance no longer covers) is stored blocked with its reason. Answers the
 * rows in input order (queued ones carry what the gateway needs) and the account as the holds left it (the
 * low-balance check). Throws AlreadyStored when a bulk message of the batch exists (nothing of the batch may
 * commit then).
 *
 * The holds: when the account as last committed covers them all and no spend limit applies, the holds and
 * rows are written first and the account is locked last (prepareHolds), so the lock that every store and
 * settlement of the company waits for is held from there to the commit only; a company's stores took
 * turns on it for their whole length, and an SMPP bind's rate stopped at that. Otherwise, or when another
 * store got there first, one reserveMany for the batch under the lock from the start: one lock and one
 * update of the account, a hold per message, the guards' spend record riding in the same statement.
 */
export async function storeBatch(
  trx: Transaction<Database>,
  company: CompanyFacts,
  user_uuid: string | null,
  judged: Judged[],
  guards: SendGuards = NO_GUARDS,
): Promise<{ stored: StoredMessage[]; account: ChargedAccount | null }> {
  const account = { company_uuid: company.company_uuid };
  const pricedOf = (decisions: Decision[]) => decisions.map((d) => (d.ok && d.price > 0n ? d.price : null));
  const asks = (priced: (bigint | null)[]) => priced.filter((p): p is bigint => p !== null);
  let decisions = judged.map((j) => j.decision);
  let priced = pricedOf(decisions);
  if (asks(priced).length && !judged.some((j) => j.limited)) {
    await sql`savepoint store_batch`.execute(trx);
    const prepared = await prepareHolds(trx, account, asks(priced));
    if (prepared) {
      const built = messageRows(company, user_uuid, judged, decisions, priced, prepared.holds);
      await insertMessages(trx, built.rows);
      const held = await prepared.confirm();
      if (held) {
        if (built.observed.length) guards.observe(company, built.observed);
        return { stored: built.out, account: held };
      }
    }
    await sql`rollback to savepoint store_batch`.execute(trx);
  }
  let limited = false;
  // what is held is what the company spends: a free message adds nothing, an unpaid one is not stored queued
  const { holds, account: held } = asks(priced).length
    ? await reserveManyWith(
        trx,
        account,
        // under the account's lock: the spend limits see every earlier store of the company committed
        async (locked) => {
          ({ decisions, limited } = await withinSpend(trx, company, judged, guards, locked.spend));
          priced = pricedOf(decisions);
          return asks(priced);
        },
        (total) => (limited ? guards.spendRecord(company.company_uuid, total) : null),
      )
    : { holds: [], account: null };
  const built = messageRows(company, user_uuid, judged, decisions, priced, holds);
  if (built.observed.length) guards.observe(company, built.observed);
  await insertMessages(trx, built.rows);
  return { stored: built.out, account: held };
}

/** The sms rows of a batch and its answers, given each message's decision and the holds of the priced ones in order. */
function messageRows(
  company: CompanyFacts,
  user_uuid: string | null,
  judged: Judged[],
  decisions: Decision[],
  priced: (bigint | null)[],
  holds: Held[],
) {
  let nextHold = 0;
  const rows = [];
  const out: StoredMessage[] = [];
  const observed: ObservedSend[] = [];
  for (const [i, j] of judged.entries()) {
    const sms_uuid = j.item.sms_uuid ?? randomUUID();
    const bulk = j.item.bulk
      ? {
          bulk_uuid: j.item.bulk.bulk_uuid,
          bulk_seq: j.item.bulk.seq,
          bulk_lease: sql<Date>`now() + make_interval(secs => ${BULK_LEASE_SECONDS})`,
        }
      : {};
    const base = {
      sms_uuid,
      company_uuid: company.company_uuid,
      reseller_uuid: company.reseller_uuid,
      user_uuid: j.item.user_uuid !== undefined ? j.item.user_uuid : user_uuid,
      api_key_uuid: j.item.api_key_uuid ?? null,
      smpp_account_uuid: j.item.smpp_account_uuid ?? null,
      ani: j.ani,
      dnis: j.destination ?? j.item.dnis.trim(),
      text: j.text,
      segments: j.segments,
      encoding: j.encoding,
      recipient_uuid: j.item.recipient_uuid ?? null,
      sms_template_uuid: j.item.sms_template_uuid ?? null,
      send_at: j.item.send_at ?? null,
      status_callback: j.item.status_callback ?? null,
      sandbox: !!j.item.sandbox,
      ...lookupColumns(j.lookup),
      ...bulk,
    };
    let d = decisions[i];
    let reservation_uuid: string | null = null;
    if (d.ok && priced[i] !== null) {
      const h = holds[nextHold++];
      if (h.ok) reservation_uuid = h.reservation_uuid;
      else d = noMoney(d.price, h.available);
    }
    if (d.ok) {
      // a test key's traffic reaches no carrier: the pumping signals do not count it
      if (!j.item.sandbox)
        observed.push({ sms_uuid, dnis: base.dnis, text: j.text, segments: j.segments, price: d.price });
      rows.push({
        ...base,
        status: 'queued' as const,
        reservation_uuid,
        ...pricedColumns(d),
      });
      out.push({
        sms_uuid,
        status: 'queued',
        outbound: {
          sms_uuid,
          ani: j.ani,
          dnis: base.dnis,
          text: j.text,
          segments: j.segments,
          encoding: j.encoding,
          vendor_product_uuid: d.vendorProductUuid,
        },
      });
      continue;
    }
    rows.push({
      ...base,
      status: 'blocked' as const,
      block_reason: d.reason as BlockReason,
      status_message: d.message,
    });
    out.push({ sms_uuid, status: 'blocked', outbound: null, refused: d });
  }
  return { rows, out, observed };
}

type MessageRow = ReturnType<typeof messageRows>['rows'][number];

async function insertMessages(trx: Transaction<Database>, rows: MessageRow[]): Promise<void> {
  for (let i = 0; i < rows.length; i += 1000) {
    const part = rows.slice(i, i + 1000);
    const stored = await trx
      .insertInto('sms')
      .values(part)
      .onConflict((oc) => oc.columns(['bulk_uuid', 'bulk_seq']).where('bulk_uuid', 'is not', null).doNothing())
      .returning('sms_uuid')
      .execute();
    if (stored.length < part.length)
      throw new AlreadyStored(`${part.length - stored.length} message(s) of this batch were stored before`);
  }
}

/**
 * The decisions after the company's spend limits (guard-port.ts): a priced message the limits no longer
 * allow is refused with spend_limit (the caller records what the stored ones hold with their holds). Only a
 * company with a limit pays the lookup.
 */
async function withinSpend(
  trx: Transaction<Database>,
  company: CompanyFacts,
  judged: Judged[],
  guards: SendGuards,
  spent: AccountSpend,
): Promise<{ decisions: Decision[]; limited: boolean }> {
  const decisions = judged.map((j) => j.decision);
  if (!judged.some((j) => j.limited && j.decision.ok && j.decision.price > 0n)) return { decisions, limited: false };
  const need = decisions.reduce((sum, d) => (d.ok ? sum + d.price : sum), 0n);
  let room = await guards.spendRoom(trx, company.company_uuid, need, spent);
  if (room === null) return { decisions, limited: false };
  const out = decisions.map((d) => {
    if (!d.ok || d.price <= 0n) return d;
    if (d.price > (room as bigint))
      return block(
        'spend_limit',
        `The company's spend limit would be passed: ${formatMoney(d.price)} asked, ${formatMoney(room as bigint)} left for today or this month`,
      );
    room = (room as bigint) - d.price;
    return d;
  });
  return { decisions: out, limited: true };
}
