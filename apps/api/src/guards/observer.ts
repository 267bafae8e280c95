// Pumping windows over several API nodes. Behind a balancer each node stores part of a company's traffic, so
// windows fed by each node's own stores would see a burst spread over n nodes only in part and hold it n times
// later. On PostgreSQL one node (the cluster role below) feeds the windows from what every node stored, read back
// from `sms`; the send path does not observe there. On the embedded PGlite there is one process and the stores
// feed the windows as they happen (GuardService.observe).
//
// What "every row" means here: a row becomes visible when its transaction commits, and its `created_on` is that
// transaction's start. A read therefore sees everything created before the oldest transaction still open in the
// database when it began; the cursor goes no further than that, and the ids read past it are kept so a row is
// fed once. A transaction open longer than MAX_LAG_MS stops holding the cursor back (its rows, if it ever
// commits, are not fed: a burst is a matter of seconds, not of one stuck transaction).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { sentMessages, type ObservedSend } from '../messaging';
import { companyRows } from '../accounts';

export const OBSERVER_ROLE = 'pumping-observer';

/** at most this many rows a read; the next tick goes on from there */
const PAGE = 5000;
const MAX_LAG_MS = 30_000;
const HIDDEN_LAG_MS = 5_000;

type Company = { company_uuid: string; reseller_uuid: string | null; product_uuid: string | null };

export interface ObserverTarget {
  /** whether the pumping check is on (when off, nothing is read) */
  pumpingEnabled(): boolean;
  /** the window of a takeover's read-back, in seconds */
  windowSeconds(): number;
  feed(company: Company, sent: ObservedSend[], now: number): void;
  released(company_uuid: string, prefix: string): void;
}

interface Row {
  sms_uuid: string;
  company_uuid: string;
  reseller_uuid: string | null;
  product_uuid: string | null;
  dnis: string;
  text: string;
  segments: number;
  price: string;
  at: number;
}

export class StoredTrafficObserver {
  /** rows created at or after this (ms) are read; null until the first tick of a lead */
  private cursor: number | null = null;
  /** ids fed whose `created_on` is at or past the cursor (read again next time) */
  private fed = new Map<string, number>();
  private releasedSince = 0;
  private seenReleases = new Set<string>();
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly db: Kysely<Database>,
    private readonly target: ObserverTarget,
  ) {}

  /** One read, after any still running: a tick, or a caller that needs all stored so far fed (settled()). */
  tick(): Promise<void> {
    this.chain = this.chain.then(() => this.readOnce()).catch(() => undefined);
    return this.chain;
  }

  /** The role went elsewhere (or the check was turned off): the next read starts with a read-back of one window. */
  lost(): void {
    this.cursor = null;
    this.fed.clear();
  }

  private async readOnce(): Promise<void> {
    // off (the default): no read at all; turned on, the windows start from a read-back of one window
    if (!this.target.pumpingEnabled()) return this.lost();
    // a session of another database role shows no xact_start without pg_read_all_stats: with one in the
    // database the oldest open transaction is unknown, and the cursor keeps HIDDEN_LAG_MS behind instead
    const [{ now, oldest, hidden }] = (
      await sql<{ now: number; oldest: number | null; hidden: boolean | null }>`select
          (extract(epoch from clock_timestamp()) * 1000)::float8 as now,
          (extract(epoch from min(a.xact_start)) * 1000)::float8 as oldest,
          bool_or(a.query = '<insufficient privilege>') as hidden
        from (select 1) one left join pg_stat_activity a
          on a.datname = current_database() and a.pid <> pg_backend_pid()`.execute(this.db)
    ).rows;
    await this.readReleases(now);
    if (this.cursor === null) this.cursor = now - this.target.windowSeconds() * 1000;
    // no row created before this can still appear
    const safe = Math.max(Math.min(now, oldest ?? now, hidden ? now - HIDDEN_LAG_MS : now), now - MAX_LAG_MS);
    const rows = (
      await sql<Row>`select s.sms_uuid, s.company_uuid, c.reseller_uuid, c.product_uuid, s.dnis, s.text, s.segments,
          s.price::text as price, (extract(epoch from s.created_on) * 1000)::float8 as at
        from ${sentMessages()} s join ${companyRows} c on c.company_uuid = s.company_uuid
        where s.created_on >= to_timestamp(${this.cursor / 1000}::float8) and s.price is not null
        order by s.created_on, s.sms_uuid limit ${PAGE}`.execute(this.db)
    ).rows;
    const fresh = rows.filter((r) => !this.fed.has(r.sms_uuid));
    const byCompany = new Map<string, { company: Company; sent: ObservedSend[]; at: number }>();
    for (const r of fresh) {
      this.fed.set(r.sms_uuid, r.at);
      let g = byCompany.get(r.company_uuid);
      if (!g) {
        g = { company: r, sent: [], at: r.at };
        byCompany.set(r.company_uuid, g);
      }
      g.sent.push({ sms_uuid: r.sms_uuid, dnis: r.dnis, text: r.text, segments: r.segments, price: BigInt(r.price) });
      g.at = Math.max(g.at, r.at);
    }
    for (const g of byCompany.values())
      this.target.feed(
        {
          company_uuid: g.company.company_uuid,
          reseller_uuid: g.company.reseller_uuid,
          product_uuid: g.company.product_uuid,
        },
        g.sent,
        g.at,
      );
    // a full page: the next tick reads on from its last row, whatever is still open
    this.advance(rows.length === PAGE ? rows[rows.length - 1].at : safe);
  }

  private advance(to: number): void {
    if (this.cursor === null || to <= this.cursor) return;
    this.cursor = to;
    for (const [id, at] of this.fed) if (at < to) this.fed.delete(id);
  }

  /** Holds released on any node: their windows start afresh here too. */
  private async readReleases(now: number): Promise<void> {
    const since = this.releasedSince || now - 60_000;
    const rows = await this.db
      .selectFrom('pumping_holds')
      .select(['hold_uuid', 'company_uuid', 'prefix'])
      .where('released_on', '>=', new Date(since - 60_000))
      .execute();
    for (const r of rows) {
      if (this.seenReleases.has(r.hold_uuid)) continue;
      this.seenReleases.add(r.hold_uuid);
      this.target.released(r.company_uuid, r.prefix);
    }
    if (this.seenReleases.size > 10_000) this.seenReleases.clear();
    this.releasedSince = now;
  }
}
