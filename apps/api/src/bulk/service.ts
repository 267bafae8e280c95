// Bulk jobs: stored at once (recipients in one INSERT), sent by durable jobs in chunks through the
// messaging pipeline's batch entry point. A recipient row gets its message in the same transaction
// that creates the message, so a crash or a second worker can never give a number two messages.
import { sql, type Insertable, type Kysely } from 'kysely';
import { pgliteOf } from '../db/connect';
import type { FastifyBaseLogger } from 'fastify';
import type { BulkStatus } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { HttpError, notFound } from '../lib/http-error';
import type { Judged, MessagingService, OutboundMessage } from '../messaging';
import type { Jobs } from '../jobs';
import { parseNanp } from '../numbers/phone';
import { bulkMovableFrom, nextBulkStatus, type BulkAction } from './engine/state';
import { substitute } from '@smsc/shared-util';
import type { BulkRecipient } from './recipients';

export const BULK_JOB = 'bulk-send';
/**
 * Messages per transaction. Each message holds its price on the company's account row, so a chunk
 * updates that row once per message; the row's versions pile up inside the transaction and every
 * further lock walks them (500 a chunk took ~20 s on a loaded PGlite, 100 keeps it linear enough).
 */
const CHUNK = 100;
/** a job hands the bulk to a fresh job after this long (pg-boss expires a job after 60 s) */
const SLICE_MS = 20_000;
/** a claimed message not marked handed over after this long is taken as orphaned by a dead worker */
const LEASE_SECONDS = 10;

export interface BulkHooks {
  /** the numbers an ANI group rotates over (the campaigns domain replaces this) */
  sendersOf(company_uuid: string, ani_group_uuid: string): Promise<string[]>;
}

export interface BulkCreateInput {
  company_uuid: string; user_uuid: string | null; ani?: string; ani_group_uuid?: string; text: string;
  recipients: BulkRecipient[]; send_at?: Date | null; campaign_uuid?: string | null;
  kind?: 'bulk' | 'delayed'; file_name?: string | null;
  /** the delayed form waits for run (or its send_at) */
  start_held?: boolean;
}

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
  };
  private closed = false;

  constructor(private readonly db: Kysely<Database>, private readonly jobs: Jobs, private readonly messaging: MessagingService, private readonly log: FastifyBaseLogger) {}

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

  /** sent = handed to the gateway; failed = refused, blocked or undelivered; left = not handed over yet. */
  async progressOf(ids: string[]): Promise<Map<string, Omit<BulkProgressFigures, 'status'>>> {
    const out = new Map<string, Omit<BulkProgressFigures, 'status'>>();
    if (!ids.length) return out;
    const rows = (await sql<{ bulk_uuid: string; total: number; sent: number; delivered: number; failed: number; left: number }>`
      select r.bulk_uuid, count(*)::int as total,
        count(*) filter (where s.status in ('sent','delivered','undelivered'))::int as sent,
        count(*) filter (where s.status = 'delivered')::int as delivered,
        count(*) filter (where s.status in ('failed','undelivered','blocked','cancelled'))::int as failed,
        count(*) filter (where s.sms_uuid is null or s.status in ('queued','scheduled'))::int as left
      from bulk_recipients r left join sms s on s.sms_uuid = r.sms_uuid
      where r.bulk_uuid in (${sql.join(ids)}) group by r.bulk_uuid`.execute(this.db)).rows;
    for (const id of ids) out.set(id, { total: 0, sent: 0, delivered: 0, failed: 0, left: 0 });
    for (const r of rows) out.set(r.bulk_uuid, { total: r.total, sent: r.sent, delivered: r.delivered, failed: r.failed, left: r.left });
    return out;
  }

  /** The job: sends chunks while the bulk runs, for one slice of time, then hands over to a fresh job. */
  async work(bulk_uuid: string): Promise<void> {
    const until = Date.now() + SLICE_MS;
    let senders: string[] | null = null;
    while (!this.closed) {
      const b = await this.db.selectFrom('bulks').selectAll().where('bulk_uuid', '=', bulk_uuid).executeTakeFirst();
      if (!b) return;
      if (b.status === 'scheduled') {
        if (b.send_at && b.send_at.getTime() > Date.now() + 1000) return; // rescheduled; its own job comes later
        await this.db.updateTable('bulks').set({ status: 'running', started_on: new Date() }).where('bulk_uuid', '=', bulk_uuid).where('status', '=', 'scheduled').execute();
        continue;
      }
      if (b.status !== 'running') return;
      senders ??= b.ani_group_uuid ? await this.hooks.sendersOf(b.company_uuid, b.ani_group_uuid) : [b.ani as string];
      await this.recoverOrphans(bulk_uuid);
      const n = await this.sendChunk(b, senders);
      if (n === 0) {
        const open = await sql<{ pending: boolean; queued: boolean }>`select
          exists (select 1 from bulk_recipients where bulk_uuid = ${bulk_uuid} and sms_uuid is null) as pending,
          exists (select 1 from bulk_recipients r join sms s on s.sms_uuid = r.sms_uuid where r.bulk_uuid = ${bulk_uuid} and s.status = 'queued') as queued`.execute(this.db);
        const { pending, queued } = open.rows[0];
        if (!pending && !queued) {
          await this.db.updateTable('bulks').set({ status: 'finished', finished_on: new Date() }).where('bulk_uuid', '=', bulk_uuid).where('status', '=', 'running').execute();
          return;
        }
        // Another worker holds the rest (or an orphan's lease has not run out yet): look again shortly.
        await this.kick(bulk_uuid, new Date(Date.now() + 2000));
        return;
      }
      if (Date.now() > until) { await this.kick(bulk_uuid); return; }
    }
  }

  /** Claims up to CHUNK unsent numbers, stores their messages (checked, priced, held) and hands them over. */
  private async sendChunk(b: { bulk_uuid: string; company_uuid: string; user_uuid: string | null; text: string }, senders: string[]): Promise<number> {
    const peek = await this.db.selectFrom('bulk_recipients').select(['seq', 'number', 'fields']).where('bulk_uuid', '=', b.bulk_uuid).where('sms_uuid', 'is', null)
      .orderBy('seq').limit(CHUNK).execute();
    if (!peek.length) return 0;
    const company = await this.messaging.company(b.company_uuid);
    // Judging reads the catalog and suppression lists outside the transaction (PGlite has one connection).
    const judged = await this.messaging.batch.judge(company, peek.map((r) => ({ ani: senders[(r.seq - 1) % senders.length], dnis: r.number, text: substitute(b.text, r.fields) })));
    const bySeq = new Map(peek.map((r, i) => [r.seq, judged[i]]));
    const outbound = await this.db.transaction().execute(async (trx) => {
      const claimed = await trx.selectFrom('bulk_recipients').select('seq').where('bulk_uuid', '=', b.bulk_uuid).where('sms_uuid', 'is', null)
        .where('seq', 'in', peek.map((r) => r.seq)).orderBy('seq').forUpdate().skipLocked().execute();
      if (!claimed.length) return null;
      const stored = await this.messaging.batch.store(trx, company, b.user_uuid, claimed.map((c) => bySeq.get(c.seq) as Judged));
      await sql`update bulk_recipients r set sms_uuid = v.sms_uuid, lease_until = now() + make_interval(secs => ${LEASE_SECONDS})
        from unnest(${claimed.map((c) => c.seq)}::int[], ${stored.map((s) => s.sms_uuid)}::uuid[]) as v(seq, sms_uuid)
        where r.bulk_uuid = ${b.bulk_uuid} and r.seq = v.seq`.execute(trx);
      return stored.flatMap((s) => (s.outbound ? [s.outbound] : []));
    });
    if (outbound === null) return peek.length; // another worker took these rows: look at the next ones
    await this.messaging.batch.handOver(outbound);
    return peek.length;
  }

  /**
   * Messages stored but never marked handed over (their worker died between the commit and the
   * gateway): after their lease they are handed over again, each by one worker.
   */
  private async recoverOrphans(bulk_uuid: string): Promise<void> {
    const ids = (await sql<{ sms_uuid: string }>`with o as (
        select r.seq from bulk_recipients r join sms s on s.sms_uuid = r.sms_uuid
        where r.bulk_uuid = ${bulk_uuid} and s.status = 'queued' and r.lease_until < now() limit ${CHUNK} for update of r skip locked)
      update bulk_recipients r set lease_until = now() + make_interval(secs => ${LEASE_SECONDS}) from o
      where r.bulk_uuid = ${bulk_uuid} and r.seq = o.seq returning r.sms_uuid`.execute(this.db)).rows.map((r) => r.sms_uuid);
    if (!ids.length) return;
    this.log.warn({ bulk_uuid, count: ids.length }, 'handing over messages a stopped worker left queued');
    const msgs = await this.db.selectFrom('sms').select(['sms_uuid', 'ani', 'dnis', 'text', 'segments', 'encoding', 'vendor_product_uuid'])
      .where('sms_uuid', 'in', ids).where('status', '=', 'queued').execute();
    await this.messaging.batch.handOver(msgs as OutboundMessage[]);
  }

  /** On start: every running bulk gets a job again (its last one may have died with a process). */
  async resume(): Promise<void> {
    const running = await this.db.selectFrom('bulks').select('bulk_uuid').where('status', '=', 'running').execute();
    for (const r of running) await this.kick(r.bulk_uuid);
  }

  close() { this.closed = true; }
}
