// The send pipeline over arrays, one path whatever sends: judge (facts and the engine's decision, no writes), store
// (holds and rows in the caller's transaction), handOver (to the gateway after the commit) and apply (every status
// move after that, settled in its transaction). A single send, an SMPP submit, a bulk chunk, the scheduler, a
// receipt, a cancel and the expiry sweep are all batches here, a single message a batch of one.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';
import type { CatalogCache } from '../catalog';
import type { GatewayAdapter, OutboundMessage } from '../lib/sms-gateway';
import { storeBatch, type BatchItem, type Judged, type StoredMessage } from './batch';
import { judgeBatch } from './judge';
import { suppressedAtHandOver } from './opt-outs/check';
import { applyReports, markSent, type Moved, type Report } from './settlement';
import type { SendFacts } from './facts';
import type { SendGuards } from './guard-port';
import type { SenderRegistrations } from './registration-port';
import type { ErasedNumbers } from './erasure-port';
import { NO_LOOKUPS, type NumberLookups } from './lookup-port';
import { sandboxDecision, sandboxHandOver, sandboxOutcome, type SandboxCarrier } from './sandbox';
import type { CompanyFacts, SendInput } from './pipeline-types';
import { SendBatcher } from './send-batch';
import { sendOne } from './send-one';

/** What other domains plug into the pipeline after it is made (each has a none-yet default). */
export interface PipelinePorts {
  guards: SendGuards;
  registrations: SenderRegistrations;
  erasures: ErasedNumbers;
  lookups: NumberLookups;
  /** the carrier of test keys' messages (sandbox.ts) */
  sandboxCarrier: SandboxCarrier | null;
  /** the handset's STOP after a sandbox STOP number's receipt, through the inbound path */
  receiveStop(from: string, to: string): Promise<unknown>;
  /** a single message stored for later: the scheduler arms its timer */
  scheduled(at: number): void;
}

export type { Moved, Report };

export class Pipeline {
  /** single sends of a company arriving together: one store (send-batch.ts) */
  private readonly sends: SendBatcher;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly catalog: CatalogCache,
    private readonly gateway: GatewayAdapter,
    private readonly facts: SendFacts,
    private readonly ports: () => PipelinePorts,
  ) {
    this.sends = new SendBatcher(db, () => this.ports().guards);
  }

  /**
   * Sends (or schedules) one message, a batch of one (send-one.ts). Answers the stored message's id; a blocked
   * message is stored with its reason and an HttpError (4xx) saying why is thrown.
   */
  send(input: SendInput): Promise<{ sms_uuid: string; replay: boolean }> {
    const p = this.ports();
    return sendOne(
      {
        db: this.db,
        company: (id) => this.company(id),
        evaluate: (company, m) => this.evaluate(company, m),
        handOver: (msgs) => this.handOver(msgs),
        handOverSandbox: (id, known) => this.handOverSandbox(id, known),
        sends: this.sends,
        guards: p.guards,
        scheduled: p.scheduled,
      },
      input,
    );
  }

  /** The company's facts the pipeline uses (404 when there is none). */
  company(company_uuid: string): Promise<CompanyFacts> {
    return this.facts.company(company_uuid);
  }

  /**
   * One message's facts and decision as a send applies them: a test key's message (`sandbox`) gets its magic
   * number's decision, costs nothing and so counts against no spend limit (sandbox.ts).
   */
  async evaluate(
    company: CompanyFacts,
    m: Parameters<SendFacts['evaluate']>[1] & { sandbox?: boolean },
  ): ReturnType<SendFacts['evaluate']> {
    const e = await this.facts.evaluate(company, m);
    if (!m.sandbox) return e;
    const outcome = sandboxOutcome(e.destination, m.system);
    return { ...e, decision: sandboxDecision(e.decision, outcome, e.destination), limited: false };
  }

  /**
   * A batch's facts, outside any transaction. `sliceMs`: yield the event loop that often while parsing and judging
   * (large batches over HTTP); `lookup: false`: no number lookups (an estimate, which sends nothing, pays for none)
   */
  async judge(
    company: CompanyFacts,
    items: BatchItem[],
    opts: { sliceMs?: number; lookup?: boolean } = {},
  ): Promise<Judged[]> {
    const p = this.ports();
    return judgeBatch(
      this.db,
      company,
      await this.catalog.current(),
      await this.facts.filtersFor(company.reseller_uuid),
      items,
      await p.guards.view(company),
      opts.sliceMs,
      await p.registrations.view(company.company_uuid),
      p.erasures,
      opts.lookup === false ? NO_LOOKUPS : p.lookups,
    );
  }

  /** Stores judged messages in the caller's transaction (batch.ts); the low-balance check runs after its commit. */
  async store(
    trx: Transaction<Database>,
    company: CompanyFacts,
    user_uuid: string | null,
    judged: Judged[],
  ): Promise<StoredMessage[]> {
    const guards = this.ports().guards;
    const { stored, account } = await storeBatch(trx, company, user_uuid, judged, guards);
    // after the caller's commit (a microtask later at the earliest)
    if (stored.some((s) => s.outbound))
      queueMicrotask(() => guards.afterCharge(company.company_uuid, account ?? undefined));
    return stored;
  }

  /**
   * Hands queued messages to the gateway: accepted → sent (markSent), refused → failed through apply, in one
   * transaction each for the whole batch. `recheckStops`: a STOP may have come after they were judged (the next bulk
   * chunk is judged while one is stored; a restarted worker hands over what a dead one stored): those are blocked
   * now, never handed over. A single send, judged a moment ago, skips that look.
   */
  async handOver(all: OutboundMessage[], opts: { recheckStops?: boolean } = {}): Promise<void> {
    let msgs = all;
    if (opts.recheckStops) {
      const stopped = new Set(
        await suppressedAtHandOver(
          this.db,
          all.map((m) => m.sms_uuid),
        ),
      );
      if (stopped.size) {
        await this.blockSuppressed([...stopped]);
        msgs = all.filter((m) => !stopped.has(m.sms_uuid));
      }
    }
    const sent: { sms_uuid: string; smsc_id: string }[] = [];
    const refused: Report[] = [];
    await Promise.all(
      msgs.map(async (m) => {
        try {
          sent.push({ sms_uuid: m.sms_uuid, smsc_id: (await this.gateway.submit(m)).smsc_id });
        } catch (e) {
          refused.push({ sms_uuid: m.sms_uuid, to: 'failed', message: refusal(e) });
        }
      }),
    );
    // the catalog (a reseller's wholesale charge for a message charged on submit) is read before the transactions
    const prices = await this.catalog.current();
    if (refused.length) await this.db.transaction().execute((trx) => applyReports(trx, refused, prices));
    await markSent(this.db, sent, prices);
  }

  /** Hands a test key's queued message to the sandbox's carrier instead of the gateway (sandbox.ts). */
  async handOverSandbox(sms_uuid: string, known?: { ani: string; dnis: string; system?: boolean }): Promise<void> {
    const m =
      known ??
      (await this.db
        .selectFrom('sms')
        .select(['ani', 'dnis'])
        .where('sms_uuid', '=', sms_uuid)
        .executeTakeFirstOrThrow());
    const p = this.ports();
    await sandboxHandOver(
      {
        carrier: p.sandboxCarrier,
        move: (id, message) => this.apply([{ sms_uuid: id, to: 'failed', message }]),
        markSent: async (id, smsc_id) => markSent(this.db, [{ sms_uuid: id, smsc_id }], await this.catalog.current()),
        receiveStop: (from, to) => p.receiveStop(from, to),
      },
      sms_uuid,
      m,
      known?.system,
    );
  }

  /** A stored queued message as the gateway takes it (the scheduler's, whose row is read when it goes). */
  async outbound(sms_uuid: string): Promise<OutboundMessage> {
    return this.db
      .selectFrom('sms')
      .select(['sms_uuid', 'ani', 'dnis', 'text', 'segments', 'encoding', 'vendor_product_uuid'])
      .where('sms_uuid', '=', sms_uuid)
      .executeTakeFirstOrThrow();
  }

  /**
   * Status moves in one transaction of their own (settlement.ts: forward only, settled or released with the move);
   * the catalog is read before it opens (see CatalogSource). Answers each move's outcome in input order.
   */
  async apply(reports: Report[]): Promise<Moved[]> {
    if (!reports.length) return [];
    const prices = await this.catalog.current();
    return this.db.transaction().execute((trx) => applyReports(trx, reports, prices));
  }

  /**
   * Queued messages an opt-out now blocks: blocked as suppressed with their holds released, the reason in the same
   * transaction as the move (a blocked message is never seen, or left by a crash, without its reason).
   */
  private async blockSuppressed(sms_uuids: string[]): Promise<void> {
    const message = 'The number opted out (STOP) before the message was handed over';
    const prices = await this.catalog.current();
    await this.db.transaction().execute(async (trx) => {
      const moved = await applyReports(
        trx,
        sms_uuids.map((sms_uuid) => ({ sms_uuid, to: 'blocked' as const, message })),
        prices,
      );
      const ids = sms_uuids.filter((_, i) => moved[i].moved);
      if (ids.length)
        await trx.updateTable('sms').set({ block_reason: 'suppressed' }).where('sms_uuid', 'in', ids).execute();
    });
  }
}

function refusal(e: unknown): string {
  return `The gateway refused the message: ${(e as Error).message}`;
}
