// Bulk jobs: stored at once (recipients in one INSERT), sent by durable jobs in chunks through the
// messaging pipeline's batch entry point. The job's cursor (bulks.cursor) moves in the transaction
// that stores a chunk's messages, and a message is unique per (bulk, recipient): a crash, a re-run
// chunk or a second worker can never give a number two messages or two charges.
import { sql, type Insertable, type Kysely } from 'kysely';
import { pgliteOf } from '../db/connect';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import type { CompanyFacts, Judged, MessagingService, OutboundMessage } from '../messaging';
import type { Jobs } from '../jobs';
import { parseNanp } from '../numbers/phone';
import { bulkMovableFrom, nextBulkStatus, type BulkAction } from './engine/state';
import { substitute } from '@smsc/shared-util';
import type { BulkRecipient } from './recipients';
import { Pacer } from './pacer';
import { AlreadyStored, BULK_LEASE_SECONDS } from '../messaging/batch';

export const BULK_JOB = 'bulk-send';
/**
 * Messages per transaction. A chunk is a handful of statements (the holds of the whole chunk are one
 * reserveMany), short enough that on PGlite's single connection other requests interleave between chunks.
 */
const CHUNK = 200;
/** a job hands the bulk to a fresh job after this long (pg-boss expires a job after 60 s) */
const SLICE_MS = 20_000;

export interface BulkHooks {
  /** the numbers an ANI group rotates over (the campaigns domain replaces this) */
  sendersOf(company_uuid: string, ani_group_uuid: string): Promise<string[]>;
  /** a running bulk that may not send now (a campaign's quiet hours): when it may go on; null = now */
  waitFor(b: { bulk_uuid: string; campaign_uuid: string | null }): Promise<Date | null>;
}

export interface BulkCreateInput {
  company_uuid: string; user_uuid: string | null; ani?: string; ani_group_uuid?: string; text: string;
  recipients: BulkRecipient[]; send_at?: Date | null; campaign_uuid?: string | null;
  kind?: 'bulk' | 'delayed'; file_name?: string | null;
  /** the delayed form waits for run (or its send_at) */
  start_held?: boolean;
}

/** A chunk read and judged, ready to store: the recipients after `cursor` up to `last`. */
interface Prepared { cursor: number; last: number; company: CompanyFacts; judged: Judged[] }
const productOf = (j: Judged) => (j.decision.ok ? j.decision.vendorProductUuid : null);

export interface BulkProgressFigures { total: number; sent: number; delivered: number; failed: number; left: number; status: BulkStatus }

/**
 * Stores a bulk and its numbers in one transaction. PGlite takes 100,000 rows by COPY (about twice as
 * fast as one INSERT … unnest there), holding its one connection for the whole transaction; a real
 * PostgreSQL takes one INSERT … unnest per 20,000 rows.
 */
async function insertBulk(db: Kysely<Database>, bulk: Insertable<Database['bulks']>, r: BulkRecipient[]): Promise<string> {
  const pg = pgliteOf(db);
  const fieldsOf = (x: BulkRecipient) => (x.fields ? JSON.stringify(x.fields) : null);
  if (pg) {
    const insert = db.insertInto('bulks').values(bulk).returning('bulk_uuid').compile();
    return db.connection().execute(() => pg.transaction(async (tx) => {
      const id = (await tx.query<{ bulk_uuid: string }>(insert.sql, insert.parameters as unknown[])).rows[0].bulk_uuid;
      const csv = r.map((x, i) => { const f = fieldsOf(x); return `${id},${i + 1},${x.number},${f === null ? '' : `"${f.replace(/"/g, '""')}"`}`; }).join('\n');
      await tx.query(`copy bulk_recipients (bulk_uuid, seq, number, fields) from '/dev/blob' with (format csv)`, [], { blob: new Blob([csv]) });
      return id;
    }));
  }
  return db.transaction().execute(async (trx) => {
    const b = await trx.insertInto('bulks').values(bulk).returning('bulk_uuid').executeTakeFirstOrThrow();
    // One statement per 20,000 rows: unnest keeps the parameter count at three whatever the size.
    for (let i = 0; i < r.length; i += 20_000) {
      const part = r.slice(i, i + 20_000);
      await sql`insert into bulk_recipients (bulk_uuid, seq, number, fields)
        select ${b.bulk_uuid}::uuid, v.seq, v.number, v.fields::jsonb
        from unnest(${part.map((_, k) => i + k + 1)}::int[], ${part.map((x) => x.number)}::text[], ${part.map(fieldsOf)}::text[]) as v(seq, number, fields)`.execute(trx);
    }
    return b.bulk_uuid;
  });
}

export class BulkService {
  hooks: BulkHooks = {
    async sendersOf() { throw new HttpError(400, 'ANI groups are not available'); },
    async waitFor() { return null; },
  };
  private closed = false;
  private readonly pacer: Pacer;

  constructor(private readonly db: Kysely<Database>, private readonly jobs: Jobs, private readonly messaging: MessagingService, private readonly log: FastifyBaseLogger) {
    this.pacer = new Pacer(db);
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
      const own = await this.db.selectFrom('dids').select('did').where('did', '=', ani).where('company_uuid', '=', input.company_uuid).where('did_type', '=', 'ani').executeTakeFirst();
      if (!own) throw new HttpError(400, `ani: ${input.ani} is not one of the company's sending numbers`);
    }
    const company = await this.messaging.company(input.company_uuid);
    const later = !!input.send_at && input.send_at.getTime() > Date.now() + 1000;
    const status: BulkStatus = input.start_held ? (later ? 'scheduled' : 'held') : later ? 'scheduled' : 'running';
    const r = input.recipients;
    const bulk = {
      company_uuid: company.company_uuid, reseller_uuid: company.reseller_uuid, user_uuid: input.user_uuid, kind: input.kind ?? 'bulk',
      ani, ani_group_uuid: input.ani_group_uuid ?? null, text: input.text, status, total: r.length, file_name: input.file_name ?? null,
      campaign_uuid: input.campaign_uuid ?? null, send_at: input.send_at ?? null, started_on: status === 'running' ? new Date() : null,
    } as const;
    const bulk_uuid = await insertBulk(this.db, bulk, r);
    if (status === 'running') await this.kick(bulk_uuid);
    if (status === 'scheduled') await this.jobs.send(BULK_JOB, { bulk_uuid }, { startAfter: input.send_at as Date });
    return { bulk_uuid, status, total: r.length };
  }

  private async kick(bulk_uuid: string, startAfter?: Date) {
    await this.jobs.send(BULK_JOB, { bulk_uuid }, { singletonKey: bulk_uuid, startAfter });
  }

  private async move(bulk_uuid: string, action: BulkAction): Promise<BulkStatus> {
    const current = await this.db.selectFrom('bulks').select('status').where('bulk_uuid', '=', bulk_uuid).executeTakeFirst();
    if (!current) throw notFound('Bulk');
    const next = nextBulkStatus(current.status, action);
    if (!next.ok) throw new HttpError(409, next.message);
    const set: Record<string, unknown> = { status: next.to };
    if (next.to === 'running') set.started_on = sql`coalesce(started_on, now())`;
    if (next.to === 'stopped' || next.to === 'finished') set.finished_on = new Date();
    // The guard makes two racing requests move once; the loser hears the state it lost to.
    const done = await this.db.updateTable('bulks').set(set).where('bulk_uuid', '=', bulk_uuid).where('status', 'in', bulkMovableFrom(action)).returning('status').executeTakeFirst();
    if (!done) return this.move(bulk_uuid, action);
    return next.to;
  }

  async run(bulk_uuid: string): Promise<BulkStatus> {
    const to = await this.move(bulk_uuid, 'run');
    await this.kick(bulk_uuid);
    return to;
  }
  hold(bulk_uuid: string): Promise<BulkStatus> { return this.move(bulk_uuid, 'hold'); }
  stop(bulk_uuid: string): Promise<BulkStatus> { return this.move(bulk_uuid, 'stop'); }

  async progress(bulk_uuid: string): Promise<BulkProgressFigures> {
    const b = await this.db.selectFrom('bulks').select('status').where('bulk_uuid', '=', bulk_uuid).executeTakeFirst();
    if (!b) throw notFound('Bulk');
    return { ...(await this.progressOf([bulk_uuid])).get(bulk_uuid) as Omit<BulkProgressFigures, 'status'>, status: b.status };
  }

  /**
   * sent = handed to the gateway; failed = refused, blocked or undelivered; left = not handed over yet.
   * Sums of the per-statement counts the sms triggers keep (bulk_deltas): a read never joins the
   * numbers to their messages, whatever the size of the job.
   */
  async progressOf(ids: string[]): Promise<Map<string, Omit<BulkProgressFigures, 'status'>>> {
    const out = new Map<string, Omit<BulkProgressFigures, 'status'>>();
    if (!ids.length) return out;
    const rows = (await sql<{ bulk_uuid: string; total: number; stored: number; sent: number; delivered: number; failed: number; done: number }>`
      select b.bulk_uuid, b.total, coalesce(sum(d.stored), 0)::int as stored, coalesce(sum(d.sent), 0)::int as sent, coalesce(sum(d.delivered), 0)::int as delivered,
        coalesce(sum(d.failed), 0)::int as failed, coalesce(sum(d.done), 0)::int as done
      from bulks b left join bulk_deltas d on d.bulk_uuid = b.bulk_uuid
      where b.bulk_uuid in (${sql.join(ids)}) group by b.bulk_uuid, b.total`.execute(this.db)).rows;
    for (const id of ids) out.set(id, { total: 0, sent: 0, delivered: 0, failed: 0, left: 0 });
    for (const r of rows) out.set(r.bulk_uuid, { total: r.total, sent: r.sent, delivered: r.delivered, failed: r.failed, left: r.total - r.done });
    return out;
  }

  /** How many messages of a bulk exist and how many of them still wait for the gateway. */
  private async counts(bulk_uuid: string): Promise<{ stored: number; queued: number }> {
    const r = (await sql<{ stored: number; done: number }>`select coalesce(sum(stored), 0)::int as stored, coalesce(sum(done), 0)::int as done
      from bulk_deltas where bulk_uuid = ${bulk_uuid}`.execute(this.db)).rows[0];
    return { stored: r.stored, queued: r.stored - r.done };
  }

  /** Sums a bulk's count rows into one (in one statement, so a concurrent read sees either form). */
  private async fold(bulk_uuid: string): Promise<void> {
    await sql`with d as (delete from bulk_deltas where bulk_uuid = ${bulk_uuid} returning *)
      insert into bulk_deltas (bulk_uuid, stored, sent, delivered, failed, done)
      select ${bulk_uuid}::uuid, coalesce(sum(stored), 0), coalesce(sum(sent), 0), coalesce(sum(delivered), 0), coalesce(sum(failed), 0), coalesce(sum(done), 0) from d`.execute(this.db);
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
          await this.db.updateTable('bulks').set({ status: 'running', started_on: new Date() }).where('bulk_uuid', '=', bulk_uuid).where('status', '=', 'scheduled').execute();
          continue;
        }
        if (b.status !== 'running') return;
        const wait = await this.hooks.waitFor(b);
        if (wait) { await this.kick(bulk_uuid, wait); return; }
        senders ??= b.ani_group_uuid ? await this.hooks.sendersOf(b.company_uuid, b.ani_group_uuid) : [b.ani as string];
        const ahead = next as { cursor: number; chunk: Promise<Prepared | null> } | null;
        const chunk: Prepared | null = ahead && ahead.cursor === b.cursor ? await ahead.chunk : await this.prepare(b, senders, b.cursor);
        next = null;
        if (!chunk) {
          await handing;
          const { stored, queued } = await this.counts(bulk_uuid);
          if (stored >= b.total && queued === 0) {
            await this.db.updateTable('bulks').set({ status: 'finished', finished_on: new Date() }).where('bulk_uuid', '=', bulk_uuid).where('status', '=', 'running').execute();
            await this.fold(bulk_uuid);
            return;
          }
          // Messages stored but not handed over yet (their worker died, or another still hands them over): look again after their lease.
          await this.kick(bulk_uuid, new Date(Date.now() + 2000));
          return;
        }
        // At the route's throughput (the chunk was cut to what its gateway takes within the lease).
        await this.pacer.take(chunk.judged.map(productOf));
        const following = senders;
        next = { cursor: chunk.last, chunk: this.prepare(b, following, chunk.last).catch(() => null) };
        const outbound = await this.store(b, chunk);
        if (++chunks % 50 === 0) await this.fold(bulk_uuid);
        if (outbound.length) {
          await handing;
          handing = this.messaging.batch.handOver(outbound);
        }
        if (Date.now() > until) { await handing; await this.kick(bulk_uuid); return; }
      }
    } finally {
      await handing;
    }
  }

  /** Reads and judges the recipients after `cursor` (no writes): up to a chunk, cut to what the route's throughput allows. */
  private async prepare(b: { bulk_uuid: string; company_uuid: string; text: string }, senders: string[], cursor: number): Promise<Prepared | null> {
    const peek = await this.db.selectFrom('bulk_recipients').select(['seq', 'number', 'fields']).where('bulk_uuid', '=', b.bulk_uuid)
      .where('seq', '>', cursor).where('seq', '<=', cursor + CHUNK).orderBy('seq').execute();
    if (!peek.length) return null;
    const company = await this.messaging.company(b.company_uuid);
    // Judging reads the catalog and suppression lists outside the transaction (PGlite has one connection).
    const judged = await this.messaging.batch.judge(company, peek.map((r) => ({
      ani: senders[(r.seq - 1) % senders.length], dnis: r.number, text: substitute(b.text, r.fields), bulk: { bulk_uuid: b.bulk_uuid, seq: r.seq },
    })));
    const fit = judged.slice(0, await this.pacer.fit(judged.map(productOf)));
    return { cursor, company, judged: fit, last: (fit[fit.length - 1].item.bulk as { seq: number }).seq };
  }

  /**
   * Stores a prepared chunk's messages (checked, priced, held) and answers those to hand over. The
   * cursor moves in the same transaction, guarded by its old value and the running state: a crashed
   * or concurrent worker's chunk is never stored twice, and a hold takes effect at the next chunk
   * (held, stopped or moved on by another worker: nothing stored, the loop reads the bulk again).
   */
  private async store(b: { bulk_uuid: string; user_uuid: string | null }, chunk: Prepared): Promise<OutboundMessage[]> {
    try {
      return await this.db.transaction().execute(async (trx) => {
        const moved = await trx.updateTable('bulks').set({ cursor: chunk.last }).where('bulk_uuid', '=', b.bulk_uuid).where('cursor', '=', chunk.cursor)
          .where('status', '=', 'running').returning('cursor').executeTakeFirst();
        if (!moved) return [];
        const stored = await this.messaging.batch.store(trx, chunk.company, b.user_uuid, chunk.judged);
        return stored.flatMap((s) => (s.outbound ? [s.outbound] : []));
      });
    } catch (e) {
      if (!(e instanceof AlreadyStored)) throw e;
      // The cursor lagged behind stored messages (a database restored from before a crash?): skip to the last stored one.
      this.log.warn({ bulk_uuid: b.bulk_uuid, err: e.message }, 'bulk messages stored before; moving the cursor past them');
      await sql`update bulks set cursor = greatest(cursor, (select max(bulk_seq) from sms where bulk_uuid = ${b.bulk_uuid})) where bulk_uuid = ${b.bulk_uuid}`.execute(this.db);
      return [];
    }
  }

  /**
   * Messages stored but never handed over (their worker died between the commit and the gateway):
   * after their lease they are handed over again, each by one worker (the lease moves as it is taken).
   */
  private async recoverOrphans(bulk_uuid: string): Promise<void> {
    for (;;) {
      const msgs = (await sql<OutboundMessage>`with o as (
          select sms_uuid from sms where bulk_uuid = ${bulk_uuid} and status = 'queued' and bulk_lease < now() limit ${CHUNK} for update skip locked)
        update sms s set bulk_lease = now() + make_interval(secs => ${BULK_LEASE_SECONDS}) from o where s.sms_uuid = o.sms_uuid
        returning s.sms_uuid, s.ani, s.dnis, s.text, s.segments, s.encoding, s.vendor_product_uuid`.execute(this.db)).rows;
      if (!msgs.length) return;
      this.log.warn({ bulk_uuid, count: msgs.length }, 'handing over messages a stopped worker left queued');
      await this.pacer.take(msgs.map((m) => m.vendor_product_uuid ?? null));
      await this.messaging.batch.handOver(msgs);
    }
  }

  /** On start: every running bulk gets a job again (its last one may have died with a process). */
  async resume(): Promise<void> {
    const running = await this.db.selectFrom('bulks').select('bulk_uuid').where('status', '=', 'running').execute();
    for (const r of running) await this.kick(r.bulk_uuid);
  }

  close() { this.closed = true; }
}
