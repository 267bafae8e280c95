// Bulk jobs: stored at once (recipients in one INSERT), sent by durable jobs in chunks through the
// messaging pipeline's batch entry point. The job's cursor (bulks.cursor) moves in the transaction
// that stores a chunk's messages, and a message is unique per (bulk, recipient): a crash, a re-run
// chunk or a second worker can never give a number two messages or two charges.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import type { MessagingService } from '../messaging';
import type { Jobs } from '../jobs';
import { parseNanp } from '../numbers';
import type { BulkRecipient } from './recipients';
import { Pacer } from './pacer';
import { BULK_LEASE_SECONDS, leaseOrphans } from '../messaging';
import type { BulkCreateInput, BulkHooks, BulkProgressFigures } from './types';
import { insertBulk } from './insert';
import { moveBulk } from './status-move';
import { isCompanySender } from './queries';
import { estimateBulk } from './estimate';
import { bulkCounts, foldBulkDeltas, progressOf } from './progress';
import { CHUNK, nextCovered, prepareChunk, storeChunk, productOf, type ChunkDeps, type Prepared } from './chunk';

export const BULK_JOB = 'bulk-send';
/** a job hands the bulk to a fresh job after this long (pg-boss expires a job after 60 s) */
const SLICE_MS = 20_000;
/** how often a job held for its balance looks whether money came in */
export const BALANCE_RECHECK_MS = 3_000;

export class BulkService {
  private hooks: BulkHooks = {
    async sendersOf() {
      throw new HttpError(400, 'ANI groups are not available');
    },
    async waitFor() {
      return null;
    },
  };
  /** The campaigns domain's part: an ANI group's rotating senders, and a campaign's quiet hours. */
  useCampaigns(hooks: BulkHooks): void {
    this.hooks = hooks;
  }
  private closed = false;
  private readonly pacer: Pacer;
  private readonly chunkDeps: ChunkDeps;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly jobs: Jobs,
    private readonly messaging: MessagingService,
    private readonly log: FastifyBaseLogger,
  ) {
    this.pacer = new Pacer(db);
    this.chunkDeps = { db, messaging, pacer: this.pacer, log };
  }

  async create(input: BulkCreateInput): Promise<{ bulk_uuid: string; status: BulkStatus; total: number }> {
    if (!input.text.trim()) throw new HttpError(400, 'text: the message is empty');
    if (!input.recipients.length) throw new HttpError(400, 'The list of numbers is empty');
    let ani: string | null = null;
    if (input.ani_group_uuid) {
      const senders = await this.hooks.sendersOf(input.company_uuid, input.ani_group_uuid);
      if (!senders.length) throw new HttpError(400, 'The ANI group has no numbers to send from');
    } else {
      if (!input.ani) throw new HttpError(400, 'ani: choose the number to send from');
      ani = parseNanp(input.ani)?.e164 ?? input.ani.trim();
      if (!(await isCompanySender(this.db, input.company_uuid, ani)))
        throw new HttpError(400, `ani: ${input.ani} is not one of the company's sending numbers`);
    }
    const company = await this.messaging.facts.company(input.company_uuid);
    const later = !!input.send_at && input.send_at.getTime() > Date.now() + 1000;
    const status: BulkStatus = input.start_held ? (later ? 'scheduled' : 'held') : later ? 'scheduled' : 'running';
    const r = input.recipients;
    const bulk = {
      company_uuid: company.company_uuid,
      reseller_uuid: company.reseller_uuid,
      user_uuid: input.user_uuid,
      kind: input.kind ?? 'bulk',
      ani,
      ani_group_uuid: input.ani_group_uuid ?? null,
      text: input.text,
      status,
      total: r.length,
      file_name: input.file_name ?? null,
      campaign_uuid: input.campaign_uuid ?? null,
      send_at: input.send_at ?? null,
      started_on: status === 'running' ? new Date() : null,
      request_key: input.request?.key ?? null,
      request_hash: input.request?.hash ?? null,
    } as const;
    const bulk_uuid = await insertBulk(this.db, bulk, r);
    if (status === 'running') await this.kick(bulk_uuid);
    if (status === 'scheduled') await this.jobs.send(BULK_JOB, { bulk_uuid }, { startAfter: input.send_at as Date });
    return { bulk_uuid, status, total: r.length };
  }

  /** What a bulk would cost if sent now (estimate.ts). Writes nothing. */
  estimate(input: { company_uuid: string; ani: string; text: string; recipients: BulkRecipient[] }) {
    return estimateBulk(this.db, this.messaging, input);
  }

  private async kick(bulk_uuid: string, startAfter?: Date) {
    await this.jobs.send(BULK_JOB, { bulk_uuid }, { singletonKey: bulk_uuid, startAfter });
  }

  async run(bulk_uuid: string): Promise<BulkStatus> {
    const to = await moveBulk(this.db, bulk_uuid, 'run');
    if (to === 'scheduled') {
      // resumed before its time: it waits for its send_at again (the job of that time may have found it held)
      const b = await this.db
        .selectFrom('bulks')
        .select('send_at')
        .where('bulk_uuid', '=', bulk_uuid)
        .executeTakeFirst();
      await this.kick(bulk_uuid, b?.send_at ?? undefined);
    } else await this.kick(bulk_uuid);
    return to;
  }
  hold(bulk_uuid: string): Promise<BulkStatus> {
    return moveBulk(this.db, bulk_uuid, 'hold');
  }
  stop(bulk_uuid: string): Promise<BulkStatus> {
    return moveBulk(this.db, bulk_uuid, 'stop');
  }

  /** The campaign of each of these bulks that belongs to one. */
  async campaignsOf(bulk_uuids: string[]): Promise<Map<string, string>> {
    if (!bulk_uuids.length) return new Map();
    const rows = await this.db
      .selectFrom('bulks')
      .select(['bulk_uuid', 'campaign_uuid'])
      .where('bulk_uuid', 'in', [...new Set(bulk_uuids)])
      .where('campaign_uuid', 'is not', null)
      .execute();
    return new Map(rows.map((r) => [r.bulk_uuid, r.campaign_uuid as string]));
  }

  async progress(bulk_uuid: string): Promise<BulkProgressFigures> {
    const b = await this.db.selectFrom('bulks').select('status').where('bulk_uuid', '=', bulk_uuid).executeTakeFirst();
    if (!b) throw notFound('Bulk');
    return {
      ...((await this.progressOf([bulk_uuid])).get(bulk_uuid) as Omit<BulkProgressFigures, 'status'>),
      status: b.status,
    };
  }

  /** Each bulk's figures (progress.ts: sums of the counts the sms triggers keep). */
  progressOf(ids: string[]): Promise<Map<string, Omit<BulkProgressFigures, 'status'>>> {
    return progressOf(this.db, ids);
  }

  /**
   * The job: sends chunks while the bulk runs, for one slice of time, then hands over to a fresh job.
   * A pipeline of three: while a chunk is stored, the next one is read and judged, and the one before
   * is handed to the gateway (a crash in between leaves it queued under its lease, see recoverOrphans).
   */
  async work(bulk_uuid: string): Promise<void> {
    const until = Date.now() + SLICE_MS;
    let senders: string[] | null = null;
    let chunks = 0;
    let handing: Promise<void> = Promise.resolve();
    let next: { cursor: number; chunk: Promise<Prepared | null> } | null = null;
    await this.recoverOrphans(bulk_uuid);
    try {
      while (!this.closed) {
        // A turn of the event loop per chunk: PGlite answers inside this thread as microtasks, so without
        // it a job never let timers and sockets run until it finished (the simulator's delivery reports,
        // progress reads and API calls all waited for the whole bulk).
        await new Promise((r) => setImmediate(r));
        const b = await this.db.selectFrom('bulks').selectAll().where('bulk_uuid', '=', bulk_uuid).executeTakeFirst();
        if (!b) return;
        if (b.status === 'scheduled') {
          if (b.send_at && b.send_at.getTime() > Date.now() + 1000) return; // rescheduled; its own job comes later
          await this.db
            .updateTable('bulks')
            .set({ status: 'running', started_on: new Date() })
            .where('bulk_uuid', '=', bulk_uuid)
            .where('status', '=', 'scheduled')
            .execute();
          continue;
        }
        if (b.status === 'held' && (b.hold_reason === 'balance' || b.hold_reason === 'spend_limit')) {
          senders ??= await this.sendersFor(b);
          const covered = await nextCovered(
            this.chunkDeps,
            b,
            senders,
            b.hold_reason === 'balance' ? 'balance' : 'spend',
          );
          if (!covered) {
            await this.kick(bulk_uuid, new Date(Date.now() + BALANCE_RECHECK_MS));
            return;
          }
          await this.db
            .updateTable('bulks')
            .set({ status: 'running', hold_reason: null })
            .where('bulk_uuid', '=', bulk_uuid)
            .where('status', '=', 'held')
            .where('hold_reason', '=', b.hold_reason)
            .execute();
          continue;
        }
        if (b.status !== 'running') return;
        const wait = await this.hooks.waitFor(b);
        if (wait) {
          await this.kick(bulk_uuid, wait);
          return;
        }
        senders ??= await this.sendersFor(b);
        const ahead = next as { cursor: number; chunk: Promise<Prepared | null> } | null;
        const chunk: Prepared | null =
          ahead && ahead.cursor === b.cursor
            ? await ahead.chunk
            : await prepareChunk(this.chunkDeps, b, senders, b.cursor);
        next = null;
        if (!chunk) {
          await handing;
          const { stored, queued } = await bulkCounts(this.db, bulk_uuid);
          if (stored >= b.total && queued === 0) {
            await this.db
              .updateTable('bulks')
              .set({ status: 'finished', finished_on: new Date() })
              .where('bulk_uuid', '=', bulk_uuid)
              .where('status', '=', 'running')
              .execute();
            await foldBulkDeltas(this.db, bulk_uuid);
            return;
          }
          // Messages stored but not handed over yet (their worker died, or another still hands them over): look again after their lease.
          await this.kick(bulk_uuid, new Date(Date.now() + 2000));
          return;
        }
        // At the route's throughput (the chunk was cut to what its gateway takes within the lease).
        await this.pacer.take(chunk.judged.map(productOf));
        const following = senders;
        next = { cursor: chunk.last, chunk: prepareChunk(this.chunkDeps, b, following, chunk.last).catch(() => null) };
        const { outbound, heldForBalance } = await storeChunk(this.chunkDeps, b, chunk);
        if (++chunks % 50 === 0) await foldBulkDeltas(this.db, bulk_uuid);
        if (outbound.length) {
          await handing;
          handing = this.messaging.pipeline.handOver(outbound, { recheckStops: true });
        }
        if (heldForBalance) {
          this.log.info({ bulk_uuid }, 'bulk held: the balance or the spend limit does not cover its next message');
          await handing;
          await this.kick(bulk_uuid, new Date(Date.now() + BALANCE_RECHECK_MS));
          return;
        }
        if (Date.now() > until) {
          await handing;
          await this.kick(bulk_uuid);
          return;
        }
      }
    } finally {
      await handing;
    }
  }

  private sendersFor(b: { company_uuid: string; ani: string | null; ani_group_uuid: string | null }) {
    return b.ani_group_uuid
      ? this.hooks.sendersOf(b.company_uuid, b.ani_group_uuid)
      : Promise.resolve([b.ani as string]);
  }

  /**
   * Messages stored but never handed over (their worker died between the commit and the gateway):
   * after their lease they are handed over again, each by one worker (the lease moves as it is taken).
   */
  private async recoverOrphans(bulk_uuid: string): Promise<void> {
    for (;;) {
      const msgs = await leaseOrphans(this.db, bulk_uuid, CHUNK, BULK_LEASE_SECONDS);
      if (!msgs.length) return;
      this.log.warn({ bulk_uuid, count: msgs.length }, 'handing over messages a stopped worker left queued');
      await this.pacer.take(msgs.map((m) => m.vendor_product_uuid ?? null));
      await this.messaging.pipeline.handOver(msgs, { recheckStops: true });
    }
  }

  /** On start: every running bulk gets a job again (its last one may have died with a process). */
  async resume(): Promise<void> {
    const running = await this.db
      .selectFrom('bulks')
      .select('bulk_uuid')
      .where((e) => e.or([e('status', '=', 'running'), e('hold_reason', 'in', ['balance', 'spend_limit'])]))
      .execute();
    for (const r of running) await this.kick(r.bulk_uuid);
  }

  close() {
    this.closed = true;
  }
}
