// The node's end of the live events the database triggers publish (live/migrations.ts): one LISTEN for the
// whole node, fanned out in memory to its open streams. On PostgreSQL the LISTEN holds a connection of its own
// (a pooled one would lose it when returned); on the embedded PGlite every node of the process shares the one
// instance, whose listen() hears the same notifications.
import { Client } from 'pg';
import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { pgliteOf } from '../db/connect';

/** An event as the triggers publish it: kind, the row it names, owning company and reseller. */
export interface BusEvent {
  k: string;
  id?: string;
  c?: string;
  r?: string;
}

export type BusListener = (e: BusEvent) => void;

export interface LiveBusOptions {
  db: Kysely<Database>;
  databaseUrl?: string;
  schema?: string;
  log: FastifyBaseLogger;
  /** wait before connecting again after the LISTEN connection dropped */
  retryMs?: number;
}

export class LiveBus {
  private readonly listeners = new Set<BusListener>();
  private client: Client | null = null;
  private unlisten: (() => Promise<void>) | null = null;
  private retry: NodeJS.Timeout | null = null;
  private closed = false;
  private channel = '';

  constructor(private readonly o: LiveBusOptions) {}

  subscribe(fn: BusListener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  get size(): number {
    return this.listeners.size;
  }

  async start(): Promise<void> {
    // the triggers name the channel after current_schema(): ask the database rather than guess its search_path
    const { rows } = await sql<{ s: string }>`select current_schema() as s`.execute(this.o.db);
    this.channel = `live_${rows[0].s}`;
    const pg = pgliteOf(this.o.db);
    if (pg) {
      this.unlisten = await pg.listen(this.channel, (p) => this.deliver(p));
      return;
    }
    await this.connect();
  }

  /** Hands one notification to every stream of this node; a malformed one is dropped, never thrown. */
  deliver(payload: string): void {
    let e: BusEvent;
    try {
      e = JSON.parse(payload) as BusEvent;
    } catch {
      return;
    }
    if (typeof e?.k !== 'string') return;
    for (const fn of this.listeners) fn(e);
  }

  private async connect(): Promise<void> {
    const c = new Client({
      connectionString: this.o.databaseUrl,
      ...(this.o.schema ? { options: `-c search_path=${this.o.schema}` } : {}),
      keepAlive: true,
      application_name: 'smsc-live',
    });
    c.on('notification', (n) => {
      if (n.channel === this.channel && n.payload) this.deliver(n.payload);
    });
    c.on('error', (e) => this.drop(c, e));
    c.on('end', () => this.drop(c, new Error('connection ended')));
    try {
      await c.connect();
      await c.query(`listen "${this.channel.replace(/"/g, '""')}"`);
    } catch (e) {
      this.drop(c, e as Error);
      return;
    }
    this.client = c;
  }

  /**
   * The LISTEN connection failed: whatever was published meanwhile is lost to this node, so once it listens again
   * every stream is told to refetch all it covers (a resync event).
   */
  private drop(c: Client, e: Error): void {
    if (this.closed || (this.client && this.client !== c)) return;
    this.client = null;
    c.removeAllListeners('end');
    c.end().catch(() => undefined);
    if (this.retry) return;
    this.o.log.warn({ err: e.message }, 'live events: LISTEN connection lost, reconnecting');
    this.retry = setTimeout(() => {
      this.retry = null;
      void this.connect().then(() => {
        if (this.client) for (const fn of this.listeners) fn({ k: 'resync' });
      });
    }, this.o.retryMs ?? 1000);
    this.retry.unref();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    await this.unlisten?.().catch(() => undefined);
    const c = this.client;
    this.client = null;
    c?.removeAllListeners('end');
    await c?.end().catch(() => undefined);
    this.listeners.clear();
  }
}
