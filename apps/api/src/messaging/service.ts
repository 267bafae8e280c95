// The SMS pipeline over the database: looks up the facts, lets the pure engine decide, then reserves
// the charge, stores and hands the message to the gateway; delivery reports settle or release the hold.
// One code path for every outgoing message (single sends now; bulk and campaigns call send() too).
import { sql, type Insertable, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BlockReason, SmsStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import { parseDnis, quote, type CatalogCache } from '../catalog';
import { reserve, settle, release } from '../billing';
import { findNumberOwner } from '../numbers';
import { parseNanp } from '../numbers/phone';
import { blockStatus, decide, noMoney, type Decision } from './engine/pipeline';
import { countSegments } from './engine/segments';
import { DEFAULT_START_REPLY, DEFAULT_STOP_REPLY, matchFilter, optKeyword } from './engine/keywords';
import { movableFrom, settlementFor } from './engine/state';
import type { GatewayAdapter, OutboundMessage } from './gateway/adapter';
import { judgeBatch, markSent, storeBatch, type BatchItem, type Judged } from './batch';
import { DlrBatcher } from './dlr-batch';
import { SendBatcher } from './send-batch';
import { claimKeys, linkKeys } from './idempotency';

/**
 * Functions other domains plug in. The templates engineer replaces resolveTemplate (only an approved
 * template of the company may be sent; it may also answer the template's text to send).
 */
export interface MessagingHooks {
  resolveTemplate(args: { db: Kysely<Database>; company_uuid: string; sms_template_uuid: string; text: string }): Promise<{ ok: true; text?: string } | { ok: false; message: string }>;
  /** An incoming message to a company's number that is not a built-in STOP/START word (keywords act on it). */
  onReceive?(mo: { company_uuid: string; did_uuid: string; did: string; from: string; text: string; sms_uuid: string }): Promise<void>;
}

/** Until templates exist no template can be approved, so naming one blocks the send (bad_template). */
export const defaultHooks: MessagingHooks = {
  async resolveTemplate({ sms_template_uuid }) {
    return { ok: false, message: `Template ${sms_template_uuid} not found or not approved` };
  },
};

export interface SendInput {
  company_uuid: string;
  user_uuid: string | null;
  ani: string; dnis: string; text: string;
  recipient_uuid?: string | null;
  sms_template_uuid?: string | null;
  send_at?: Date | null;
  /** a retried request with the same key answers the first message (per user) */
  idempotency?: { user_uuid: string; key: string; hash: string };
  /** the platform's own replies (STOP/START confirmations): from the company's number that received the keyword, past suppression and filters */
  system?: boolean;
}

export interface CompanyFacts { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null }

class Refused extends Error {
  constructor(public readonly decision: Extract<Decision, { ok: false }>) { super(decision.message); }
}

const FILTER_TTL_MS = 2000;
const SCHEDULE_BATCH = 200;

/** An incoming message as stored (listeners: DID webhooks). */
export interface ReceivedMessage { sms_uuid: string; company_uuid: string | null; from: string; to: string; text: string; received_on: Date }

export class MessagingService {
  hooks: MessagingHooks = { ...defaultHooks };
  /** told of every stored incoming message (not of repeats); they must not throw or block */
  readonly receivedListeners: ((m: ReceivedMessage) => void)[] = [];
  private filterCache = new Map<string, { at: number; texts: string[] }>();
  private scheduleTimer: NodeJS.Timeout | null = null;
  private scheduledAt = Infinity;
  private closed = false;
  private running: Promise<unknown> = Promise.resolve();
  private readonly dlr: DlrBatcher;
  private readonly sends: SendBatcher;

  constructor(private readonly db: Kysely<Database>, private readonly catalog: CatalogCache, private readonly gateway: GatewayAdapter, private readonly log: FastifyBaseLogger) {
    this.dlr = new DlrBatcher(db);
    this.sends = new SendBatcher(db);
  }

  async company(company_uuid: string): Promise<CompanyFacts> {
    const c = await this.db.selectFrom('companies').select(['company_uuid', 'reseller_uuid', 'product_uuid']).where('company_uuid', '=', company_uuid).executeTakeFirst();
    if (!c) throw notFound('Company');
    return c;
  }

  /** Stop-text filters that apply to a company: its reseller's, or the platform's for a direct company. */
  async filtersFor(reseller_uuid: string | null): Promise<string[]> {
    const key = reseller_uuid ?? 'platform';
    const hit = this.filterCache.get(key);
    if (hit && Date.now() - hit.at < FILTER_TTL_MS) return hit.texts;
    let q = this.db.selectFrom('stop_text_filters').select('text').where('is_active', '=', true);
    q = reseller_uuid ? q.where('reseller_uuid', '=', reseller_uuid) : q.where('reseller_uuid', 'is', null);
    const texts = (await q.execute()).map((r) => r.text);
    this.filterCache.set(key, { at: Date.now(), texts });
    return texts;
  }

  /** Looks up every fact of one message and lets the engine decide (no writes). */
  async evaluate(company: CompanyFacts, m: { ani: string; dnis: string; text: string; sms_template_uuid?: string | null; system?: boolean }) {
    const parsed = parseDnis(m.dnis);
    const destination = parsed ? `+${parsed.digits}` : null;
    let text = m.text;
    const template = m.sms_template_uuid
      ? await this.hooks.resolveTemplate({ db: this.db, company_uuid: company.company_uuid, sms_template_uuid: m.sms_template_uuid, text })
      : undefined;
    if (template?.ok && template.text) text = template.text;
    const seg = countSegments(text);
    const [checks, filters, catalog] = await Promise.all([
      this.senderAndSuppression(company.company_uuid, m.system ? null : m.ani, m.system ? null : destination),
      m.system ? [] : this.filtersFor(company.reseller_uuid),
      this.catalog.current(),
    ]);
    const senderAllowed = m.system ? true : checks.sender;
    const suppressed = checks.suppressed;
    const q = destination && company.product_uuid ? quote(catalog, { productUuid: company.product_uuid, dnis: destination }) : null;
    const decision = decide({
      senderAllowed, destination, template: template && (template.ok ? { ok: true } : template), suppressed,
      filterHit: matchFilter(text, filters), segments: seg.segments, encoding: seg.encoding, quote: q,
    }, m.dnis, m.ani);
    return { decision, destination, text, seg };
  }

  /**
   * Two of the pipeline's lookups in one round trip: is the ANI one of the company's sending numbers
   * (isCompanyNumber's rule: a DID of the company with did_type ani), is the destination suppressed.
   */
  async senderAndSuppression(company_uuid: string, ani: string | null, destination: string | null): Promise<{ sender: boolean; suppressed: boolean }> {
    const e164 = ani ? parseNanp(ani)?.e164 ?? null : null;
    const row = (await sql<{ sender: boolean; suppressed: boolean }>`select
      exists (select 1 from dids where did = ${e164} and company_uuid = ${company_uuid} and did_type = 'ani') as sender,
      exists (select 1 from suppressed_numbers where company_uuid = ${company_uuid} and number = ${destination}) as suppressed`.execute(this.db)).rows[0];
    return { sender: !!row.sender, suppressed: !!row.suppressed };
  }

  /**
   * Sends (or schedules) one message. Answers the stored message's id; a blocked message is stored
   * with its reason and an HttpError (4xx) saying why is thrown. Nothing is charged unless stored queued.
   */
  async send(input: SendInput): Promise<{ sms_uuid: string; replay: boolean }> {
    const company = await this.company(input.company_uuid);
    const ani = parseNanp(input.ani)?.e164 ?? input.ani.trim();
    const { decision, destination, text, seg } = await this.evaluate(company, { ...input, ani });
    const row = {
      company_uuid: company.company_uuid, reseller_uuid: company.reseller_uuid, user_uuid: input.user_uuid, ani, dnis: destination ?? input.dnis.trim(),
      text, segments: seg.segments, encoding: seg.encoding, recipient_uuid: input.recipient_uuid ?? null, sms_template_uuid: input.sms_template_uuid ?? null,
      send_at: input.send_at ?? null,
    };
    if (!decision.ok) return this.refuse(row, decision);
    const scheduled = !!input.send_at && input.send_at.getTime() > Date.now() + 1000;
    const priced = {
      price: decision.price.toString(), cost: decision.cost.toString(), vendor_product_uuid: decision.vendorProductUuid,
      vendor_product_name: decision.vendorProductName, mobile_network_name: decision.mobileNetworkName,
    };
    if (!scheduled) {
      // Stored with the company's other sends of the moment (one transaction and commit for them all).
      const judged: Judged = {
        item: { ani, dnis: input.dnis, text, recipient_uuid: input.recipient_uuid ?? null, user_uuid: input.user_uuid, sms_template_uuid: input.sms_template_uuid ?? null, send_at: input.send_at ?? null },
        ani, destination, text, segments: seg.segments, encoding: seg.encoding, decision,
      };
      const done = await this.sends.add(company, { judged, idempotency: input.idempotency });
      if (done.kind === 'error') throw done.error;
      if (done.kind === 'refused') throw new HttpError(blockStatus(done.decision.reason), `Blocked (${done.decision.reason}): ${done.decision.message}`);
      if (done.kind === 'replay') return { sms_uuid: done.sms_uuid, replay: true };
      await this.submit(done.sms_uuid, { sms_uuid: done.sms_uuid, ani, dnis: row.dnis, text, segments: seg.segments, encoding: seg.encoding, vendor_product_uuid: decision.vendorProductUuid });
      return { sms_uuid: done.sms_uuid, replay: false };
    }
    // A scheduled message holds nothing until its time comes (dispatch()).
    const idem = input.idempotency;
    const outcome: { sms_uuid: string; replay: boolean } = await this.db.transaction().execute(async (trx) => {
      if (idem) {
        const [claim] = await claimKeys(trx, [idem]);
        if (claim.kind === 'error') throw claim.error;
        if (claim.kind === 'replay') return { sms_uuid: claim.sms_uuid, replay: true };
      }
      const stored = await trx.insertInto('sms').values({ ...row, ...priced, status: 'scheduled', reservation_uuid: null }).returning('sms_uuid').executeTakeFirstOrThrow();
      if (idem) await linkKeys(trx, [{ user_uuid: idem.user_uuid, key: idem.key, sms_uuid: stored.sms_uuid }]);
      return { sms_uuid: stored.sms_uuid, replay: false };
    });
    if (outcome.replay) return outcome;
    this.armScheduler((input.send_at as Date).getTime());
    return outcome;
  }

  /**
   * The batch entry point (bulk jobs): judge() looks up a batch's facts outside any transaction,
   * store() writes it in the caller's transaction (holds and rows exactly as send() makes them), and
   * handOver() gives the queued ones to the gateway after the caller's commit.
   */
  readonly batch = {
    judge: async (company: CompanyFacts, items: BatchItem[]): Promise<Judged[]> =>
      judgeBatch(this.db, company, await this.catalog.current(), await this.filtersFor(company.reseller_uuid), items),
    store: storeBatch,
    handOver: async (msgs: OutboundMessage[]): Promise<void> => {
      const sent: { sms_uuid: string; smsc_id: string }[] = [];
      await Promise.all(msgs.map(async (m) => {
        try {
          sent.push({ sms_uuid: m.sms_uuid, smsc_id: (await this.gateway.submit(m)).smsc_id });
        } catch (e) {
          await this.move(m.sms_uuid, 'failed', `The gateway refused the message: ${(e as Error).message}`);
        }
      }));
      await markSent(this.db, sent);
    },
  };

  /** A delivery report: applied like move() but settled in a batch with others arriving meanwhile. */
  report(sms_uuid: string, to: SmsStatus, message?: string | null): Promise<{ moved: boolean; status: SmsStatus | null }> {
    return this.dlr.add({ sms_uuid, to, message });
  }

  private async refuse(row: Omit<Insertable<Database['sms']>, 'status'>, d: Extract<Decision, { ok: false }>): Promise<never> {
    await this.db.insertInto('sms').values({ ...row, status: 'blocked', block_reason: d.reason, status_message: d.message }).execute();
    throw new HttpError(blockStatus(d.reason), `Blocked (${d.reason}): ${d.message}`);
  }

  /** Hands a queued message to the gateway: accepted → sent; refused → failed and the hold released. */
  async submit(sms_uuid: string, known?: OutboundMessage): Promise<void> {
    const m = known ?? await this.db.selectFrom('sms').select(['sms_uuid', 'ani', 'dnis', 'text', 'segments', 'encoding', 'vendor_product_uuid']).where('sms_uuid', '=', sms_uuid).executeTakeFirstOrThrow();
    let smsc_id: string;
    try {
      smsc_id = (await this.gateway.submit(m)).smsc_id;
    } catch (e) {
      await this.move(sms_uuid, 'failed', `The gateway refused the message: ${(e as Error).message}`);
      return;
    }
    // A fast report may already have moved it on: the guard keeps the later state.
    await this.db.updateTable('sms').set({ status: 'sent', sent_on: new Date(), smsc_id }).where('sms_uuid', '=', sms_uuid).where('status', '=', 'queued').execute();
  }

  /**
   * Moves an outgoing message forward (delivery reports, gateway refusals, cancel) and settles or
   * releases its charge in the same transaction. A move that is not forward changes nothing (moved: false).
   */
  async move(sms_uuid: string, to: SmsStatus, message?: string | null): Promise<{ moved: boolean; status: SmsStatus | null }> {
    return this.db.transaction().execute(async (trx) => {
      const now = new Date();
      const set: Record<string, unknown> = { status: to };
      if (message !== undefined) set.status_message = message;
      if (to === 'sent') set.sent_on = now;
      if (to === 'delivered' || to === 'undelivered' || to === 'failed') set.delivered_on = now;
      const row = await trx.updateTable('sms').set(set).where('sms_uuid', '=', sms_uuid).where('is_received', '=', false)
        .where('status', 'in', movableFrom(to)).returning(['reservation_uuid', sql<string | null>`price::text`.as('price'), 'status']).executeTakeFirst();
      if (!row) {
        const current = await trx.selectFrom('sms').select('status').where('sms_uuid', '=', sms_uuid).executeTakeFirst();
        return { moved: false, status: current?.status ?? null };
      }
      const action = settlementFor(to);
      if (row.reservation_uuid && action === 'settle') {
        await settle(trx, { reservation_uuid: row.reservation_uuid, charge: BigInt(row.price ?? '0'), cause_type: 'sms', cause_id: sms_uuid, memo: 'SMS delivered' });
      } else if (row.reservation_uuid && action === 'release') {
        await release(trx, row.reservation_uuid);
      }
      return { moved: true, status: to };
    });
  }

  /**
   * An incoming message: stored as received for the company (and user) holding the number it was sent
   * to; STOP-like keywords put the sender on the company's suppression list, START-like ones take it
   * off, each answered with the company's confirmation text. A repeated report (same SMSC id) is
   * stored once.
   */
  async receive(mo: { from: string; to: string; text: string; smsc_id?: string | null; external_id?: string | null }): Promise<{ sms_uuid: string | null; duplicate: boolean; keyword: 'stop' | 'start' | null }> {
    const external_id = mo.external_id || null;
    const smsc_id = mo.smsc_id || null;
    if (external_id) {
      const seen = await this.db.selectFrom('sms').select('sms_uuid').where('is_received', '=', true).where('external_id', '=', external_id)
        .where(sql<boolean>`smsc_id is not distinct from ${smsc_id}`).executeTakeFirst();
      if (seen) return { sms_uuid: seen.sms_uuid, duplicate: true, keyword: null };
    }
    const owner = await findNumberOwner(this.db, mo.to);
    const company = owner ? await this.company(owner.company_uuid) : null;
    const norm = (n: string) => { const p = parseDnis(n); return p ? `+${p.digits}` : n.trim(); };
    const from = norm(mo.from);
    const seg = countSegments(mo.text);
    const stored = await this.db.insertInto('sms').values({
      company_uuid: company?.company_uuid ?? null, reseller_uuid: company?.reseller_uuid ?? null, user_uuid: owner?.user_uuid ?? null,
      is_received: true, ani: from, dnis: owner?.did ?? norm(mo.to), text: mo.text, status: 'received', segments: seg.segments, encoding: seg.encoding,
      smsc_id, external_id,
    }).returning(['sms_uuid', 'dnis', 'created_on']).executeTakeFirstOrThrow();
    for (const listen of this.receivedListeners) {
      try { listen({ sms_uuid: stored.sms_uuid, company_uuid: company?.company_uuid ?? null, from, to: stored.dnis, text: mo.text, received_on: stored.created_on }); } catch (e) {
        this.log.error({ err: (e as Error).message }, 'a listener of incoming messages failed');
      }
    }
    const keyword = owner ? optKeyword(mo.text) : null;
    if (owner && keyword) {
      if (keyword === 'stop') {
        await this.db.insertInto('suppressed_numbers').values({ company_uuid: owner.company_uuid, number: from, source: 'stop' })
          .onConflict((oc) => oc.columns(['company_uuid', 'number']).doNothing()).execute();
      } else {
        // START lifts a STOP; a number the company suppressed by hand stays suppressed.
        await this.db.deleteFrom('suppressed_numbers').where('company_uuid', '=', owner.company_uuid).where('number', '=', from).where('source', '=', 'stop').execute();
      }
      const settings = await this.db.selectFrom('messaging_settings').select(['stop_reply', 'start_reply']).where('company_uuid', '=', owner.company_uuid).executeTakeFirst();
      const text = keyword === 'stop' ? settings?.stop_reply || DEFAULT_STOP_REPLY : settings?.start_reply || DEFAULT_START_REPLY;
      try {
        await this.send({ company_uuid: owner.company_uuid, user_uuid: null, ani: owner.did, dnis: from, text, system: true });
      } catch (e) {
        // The opt-out itself stands; the confirmation is stored blocked with its reason (e.g. no_money).
        this.log.warn({ reason: (e as Error).message }, 'opt-out confirmation not sent');
      }
    } else if (owner && this.hooks.onReceive) {
      try {
        await this.hooks.onReceive({ company_uuid: owner.company_uuid, did_uuid: owner.did_uuid, did: owner.did, from, text: mo.text, sms_uuid: stored.sms_uuid });
      } catch (e) {
        // The message is stored whatever a keyword's action does.
        this.log.warn({ reason: (e as Error).message }, 'incoming message hook failed');
      }
    }
    return { sms_uuid: stored.sms_uuid, duplicate: false, keyword };
  }

  /** PATCH /sms/{id}: edit or cancel a scheduled message (the caller has checked tenancy). */
  async patchScheduled(sms_uuid: string, patch: { text?: string; send_at?: Date; status?: 'cancelled' }): Promise<void> {
    if (patch.status === 'cancelled') {
      const r = await this.move(sms_uuid, 'cancelled', 'Cancelled before sending');
      if (!r.moved) throw new HttpError(409, `Only a scheduled message can be cancelled; this one is ${r.status}`);
      return;
    }
    const set: Record<string, unknown> = {};
    if (patch.text !== undefined) Object.assign(set, { text: patch.text, ...pick(countSegments(patch.text), ['segments', 'encoding']) });
    if (patch.send_at !== undefined) set.send_at = patch.send_at;
    if (!Object.keys(set).length) return;
    const done = await this.db.updateTable('sms').set(set).where('sms_uuid', '=', sms_uuid).where('status', '=', 'scheduled').returning('sms_uuid').executeTakeFirst();
    if (!done) throw new HttpError(409, 'Only a scheduled message can be changed');
    if (patch.send_at) this.armScheduler(patch.send_at.getTime());
  }

  /** Sends one scheduled message whose time has come: the checks run again (a STOP may have arrived since). */
  async dispatch(sms_uuid: string): Promise<void> {
    const m = await this.db.selectFrom('sms').selectAll().where('sms_uuid', '=', sms_uuid).where('status', '=', 'scheduled').executeTakeFirst();
    if (!m || !m.company_uuid) return;
    const company = await this.company(m.company_uuid);
    const { decision } = await this.evaluate(company, { ani: m.ani, dnis: m.dnis, text: m.text, sms_template_uuid: m.sms_template_uuid });
    const blockRow = async (d: Extract<Decision, { ok: false }>) =>
      this.db.updateTable('sms').set({ status: 'blocked', block_reason: d.reason as BlockReason, status_message: d.message }).where('sms_uuid', '=', sms_uuid).where('status', '=', 'scheduled').execute();
    if (!decision.ok) { await blockRow(decision); return; }
    try {
      const moved = await this.db.transaction().execute(async (trx) => {
        let reservation_uuid: string | null = null;
        if (decision.price > 0n) {
          const r = await reserve(trx, { account: { company_uuid: company.company_uuid }, amount: decision.price });
          if (!r.ok) throw new Refused(noMoney(decision.price, r.available) as Extract<Decision, { ok: false }>);
          reservation_uuid = r.reservation_uuid;
        }
        const row = await trx.updateTable('sms').set({
          status: 'queued', reservation_uuid, price: decision.price.toString(), cost: decision.cost.toString(),
          vendor_product_uuid: decision.vendorProductUuid, vendor_product_name: decision.vendorProductName, mobile_network_name: decision.mobileNetworkName,
        }).where('sms_uuid', '=', sms_uuid).where('status', '=', 'scheduled').returning('sms_uuid').executeTakeFirst();
        if (!row) throw new Error('cancelled meanwhile');
        return true;
      });
      if (moved) await this.submit(sms_uuid);
    } catch (e) {
      if (e instanceof Refused) await blockRow(e.decision);
      else if ((e as Error).message !== 'cancelled meanwhile') throw e;
    }
  }

  /** Arms the in-process timer for the earliest scheduled message (bulk and campaign jobs move to pg-boss in issue 12). */
  armScheduler(at: number): void {
    if (this.closed || at >= this.scheduledAt) return;
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    this.scheduledAt = at;
    // setTimeout caps at ~24.8 days; a later message is re-armed when the timer fires.
    this.scheduleTimer = setTimeout(() => { this.running = this.runDue(); }, Math.min(Math.max(0, at - Date.now()), 2 ** 31 - 1));
    this.scheduleTimer.unref();
  }

  /** Sends what is due, then re-arms for the next scheduled message (on start too). */
  async runDue(): Promise<void> {
    this.scheduleTimer = null;
    this.scheduledAt = Infinity;
    if (this.closed) return;
    const due = await this.db.selectFrom('sms').select('sms_uuid').where('status', '=', 'scheduled').where('send_at', '<=', new Date())
      .orderBy('send_at').limit(SCHEDULE_BATCH).execute();
    for (const d of due) {
      if (this.closed) return;
      try { await this.dispatch(d.sms_uuid); } catch (e) { this.log.error({ err: (e as Error).message, sms_uuid: d.sms_uuid }, 'scheduled send failed'); }
    }
    if (this.closed) return;
    const next = await this.db.selectFrom('sms').select(sql<Date | null>`min(send_at)`.as('at')).where('status', '=', 'scheduled').executeTakeFirst();
    if (next?.at) this.armScheduler(due.length === SCHEDULE_BATCH ? Date.now() : new Date(next.at).getTime());
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.scheduleTimer) clearTimeout(this.scheduleTimer);
    await this.running.catch(() => undefined);
    await this.dlr.drain().catch(() => undefined);
  }
}

function pick<T extends object, K extends keyof T>(o: T, keys: K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, o[k]])) as Pick<T, K>;
}
