// Where the direct gateway keeps the carrier's message ids: in memory for the receipts of a live run (one map
// lookup a receipt), and in direct_carrier_ids for a receipt that comes after a restart. Writes are batched: a
// submit is answered "accepted" only once its id is committed, so every message marked sent can be found again.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { idFor } from './receipt';

interface Pending {
  smsc_id: string;
  message_id: string;
  sms_uuid: string;
  done: () => void;
}

/** The memory map keeps at most this many ids; older ones are found in the table. */
const MEMORY_CAP = 500_000;

export class CarrierIds {
  private memory = new Map<string, string>();
  private writes: Pending[] = [];
  private deletes: { smsc_id: string; message_id: string }[] = [];
  private timer: NodeJS.Timeout | null = null;
  private deleteTimer: NodeJS.Timeout | null = null;
  private flushing: Promise<void> | null = null;
  private asked: { sms_uuid: string; resolve: (held: boolean) => void; reject: (e: Error) => void }[] = [];

  constructor(
    private readonly db: Kysely<Database>,
    /** how long a batch of ids gathers before it is written (a submit's "accepted" waits for it) */
    private readonly gatherMs = 20,
    /** the ids of settled messages go less often: nothing waits for them */
    private readonly deleteEveryMs = 250,
  ) {}

  private key = (smsc_id: string, id: string) => `${smsc_id}\u0000${id}`;

  /** Known at once in memory; resolves once committed. */
  remember(smsc_id: string, message_id: string, sms_uuid: string): Promise<void> {
    if (this.memory.size >= MEMORY_CAP) this.memory.delete(this.memory.keys().next().value as string);
    this.memory.set(this.key(smsc_id, message_id), sms_uuid);
    return new Promise((done) => {
      this.writes.push({ smsc_id, message_id, sms_uuid, done });
      this.arm();
    });
  }

  /** The message a receipt's id names: memory first, then the table. */
  async find(
    smsc_id: string,
    receiptId: string,
    convert: Parameters<typeof idFor>[1] = 'none',
  ): Promise<{ sms_uuid: string; message_id: string } | null> {
    const message_id = idFor(receiptId, convert);
    const hit = this.memory.get(this.key(smsc_id, message_id));
    if (hit) return { sms_uuid: hit, message_id };
    const row = await this.db
      .selectFrom('direct_carrier_ids')
      .select(['sms_uuid', 'message_id'])
      .where('smsc_id', '=', smsc_id)
      .where('message_id', '=', message_id)
      .executeTakeFirst();
    return row ?? null;
  }

  /**
   * Whether an id was committed for this message (its submit was answered before a stop): asked for a stopped
   * process's messages only, gathered over a tick into one statement (the table has no index by message).
   */
  isHeld(sms_uuid: string): Promise<boolean> {
    return new Promise((resolve, reject) => {
      this.asked.push({ sms_uuid, resolve, reject });
      if (this.asked.length === 1) setImmediate(() => void this.answerHeld());
    });
  }

  private async answerHeld() {
    const asked = this.asked.splice(0);
    try {
      const rows = await sql<{ sms_uuid: string }>`select sms_uuid from direct_carrier_ids
        where sms_uuid = any(${asked.map((a) => a.sms_uuid)}::uuid[])`.execute(this.db);
      const held = new Set(rows.rows.map((r) => r.sms_uuid));
      for (const a of asked) a.resolve(held.has(a.sms_uuid));
    } catch (e) {
      for (const a of asked) a.reject(e as Error);
    }
  }

  /** A final receipt was applied: the id is no longer needed. */
  forget(smsc_id: string, message_id: string) {
    this.memory.delete(this.key(smsc_id, message_id));
    this.deletes.push({ smsc_id, message_id });
    if (this.deleteTimer) return;
    this.deleteTimer = setTimeout(() => {
      this.deleteTimer = null;
      void this.flush();
    }, this.deleteEveryMs);
    this.deleteTimer.unref();
  }

  private arm() {
    if (this.timer || this.flushing) return;
    this.timer = setTimeout(() => void this.flush(), this.gatherMs);
  }

  /** Writes what has gathered; one insert and one delete at most. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.flushing) await this.flushing;
    const writes = this.writes.splice(0);
    const deletes = this.deletes.splice(0);
    if (!writes.length && !deletes.length) return;
    this.flushing = this.write(writes, deletes);
    try {
      await this.flushing;
    } finally {
      this.flushing = null;
      if (this.writes.length) this.arm();
    }
  }

  private async write(writes: Pending[], deletes: { smsc_id: string; message_id: string }[]) {
    try {
      // No flush of its own to disk: the message's "sent" (markSent) commits after this, synchronously, and the WAL
      // is flushed in order, so once "sent" is durable these ids are too; a crash before leaves the message queued.
      // Deletes ride along (a lost delete leaves a row only).
      await this.db.transaction().execute(async (trx) => {
        await sql`set local synchronous_commit = off`.execute(trx);
        if (writes.length) {
          // a carrier may reuse an id after its counter wraps: the newer message takes it
          await sql`insert into direct_carrier_ids (smsc_id, message_id, sms_uuid)
            select * from unnest(${writes.map((w) => w.smsc_id)}::text[], ${writes.map((w) => w.message_id)}::text[],
              ${writes.map((w) => w.sms_uuid)}::uuid[])
            on conflict (smsc_id, message_id) do update set sms_uuid = excluded.sms_uuid, created_on = now()`.execute(
            trx,
          );
        }
        if (deletes.length) {
          await sql`delete from direct_carrier_ids d
            using unnest(${deletes.map((d) => d.smsc_id)}::text[], ${deletes.map((d) => d.message_id)}::text[]) as v(s, m)
            where d.smsc_id = v.s and d.message_id = v.m`.execute(trx);
        }
      });
      for (const w of writes) w.done();
    } catch {
      // the carrier has these messages: their ids are written again shortly, never dropped (a database restart)
      setTimeout(() => {
        this.writes.unshift(...writes);
        this.arm();
      }, 200).unref();
    }
  }

  async close() {
    if (this.deleteTimer) clearTimeout(this.deleteTimer);
    this.deleteTimer = null;
    await this.flush();
  }
}
