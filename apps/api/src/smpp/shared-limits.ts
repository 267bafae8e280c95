// max_binds and tps across every API node on one database: kept per process, a customer behind a balancer
// got the node count times each figure.
// - Binds: a row of smpp_binds per open bind (node id + heartbeat). A bind counts the account's rows under
//   the account row's lock, so two nodes cannot both take the last place; rows of a node that stopped
//   heartbeating (crashed, cut off) stop counting after STALE_SECONDS.
// - tps: one token bucket per account in smpp_tps_buckets (one second's worth, refilled at tps). A node
//   leases a twentieth of a second's tokens at a time (more when that many submits wait) and spends them
//   locally, so the bucket costs one statement per lease, not per submit; leased tokens unspent after
//   LEASE_MS are dropped, never returned, so the total across nodes stays within tps.
import { randomUUID } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';

export const STALE_SECONDS = 30;
const HEARTBEAT_MS = 10_000;
const LEASE_MS = 1000;

export class SharedBinds {
  readonly node_id = randomUUID();
  private timer: NodeJS.Timeout | null = null;

  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  start(): void {
    this.timer = setInterval(() => void this.heartbeat(), HEARTBEAT_MS);
    this.timer.unref();
  }

  /** Takes a place among the account's max_binds on every node; false when they are all taken. */
  async claim(b: {
    bind_id: string;
    smpp_account_uuid: string;
    max_binds: number;
    bind_type: string;
    remote_address: string;
  }): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      await trx
        .selectFrom('smpp_accounts')
        .select('smpp_account_uuid')
        .where('smpp_account_uuid', '=', b.smpp_account_uuid)
        .forUpdate()
        .execute();
      await trx
        .deleteFrom('smpp_binds')
        .where('smpp_account_uuid', '=', b.smpp_account_uuid)
        .where(sql<boolean>`seen_on < now() - make_interval(secs => ${STALE_SECONDS})`)
        .execute();
      const { n } = await trx
        .selectFrom('smpp_binds')
        .select(sql<number>`count(*)::int`.as('n'))
        .where('smpp_account_uuid', '=', b.smpp_account_uuid)
        .executeTakeFirstOrThrow();
      if (n >= b.max_binds) return false;
      await trx
        .insertInto('smpp_binds')
        .values({
          bind_id: b.bind_id,
          smpp_account_uuid: b.smpp_account_uuid,
          node_id: this.node_id,
          bind_type: b.bind_type,
          remote_address: b.remote_address,
        })
        .execute();
      return true;
    });
  }

  async release(bind_id: string): Promise<void> {
    await this.db.deleteFrom('smpp_binds').where('bind_id', '=', bind_id).execute();
  }

  private async heartbeat(): Promise<void> {
    try {
      await this.db
        .updateTable('smpp_binds')
        .set({ seen_on: sql`now()` })
        .where('node_id', '=', this.node_id)
        .execute();
    } catch (e) {
      this.log.warn({ err: (e as Error).message }, 'SMPP bind heartbeat failed');
    }
  }

  /** This node's binds stop counting (its close, after every session ended). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    await this.db
      .deleteFrom('smpp_binds')
      .where('node_id', '=', this.node_id)
      .execute()
      .catch(() => undefined);
  }
}

interface Lease {
  tokens: number;
  expires: number;
  refill: Promise<void> | null;
  /** submits counted into the running refill's request */
  counted: boolean;
  demand: number;
}

export class SharedThrottle {
  private readonly leases = new Map<string, Lease>();

  /** `ceiling`: SMPP_TPS_CEILING; an account whose tps was set above it before it was lowered gets the ceiling */
  constructor(
    private readonly db: Kysely<Database>,
    private readonly ceiling = Number.POSITIVE_INFINITY,
  ) {}

  /** Takes one submit of the account's allowance across all nodes; false when over `tps` (or the ceiling). */
  async take(account: string, asked: number): Promise<boolean> {
    const tps = Math.min(asked, this.ceiling);
    let l = this.leases.get(account);
    if (!l) {
      l = { tokens: 0, expires: 0, refill: null, counted: false, demand: 0 };
      this.leases.set(account, l);
    }
    for (;;) {
      if (l.tokens >= 1 && Date.now() < l.expires) {
        l.tokens--;
        return true;
      }
      // a refill that has sent its request already: wait for it, then ask again
      if (l.refill && l.counted) {
        await l.refill;
        continue;
      }
      l.demand++;
      if (!l.refill) {
        const lease = l;
        lease.refill = this.refill(account, tps, lease).finally(() => {
          lease.refill = null;
          lease.counted = false;
        });
      }
      await l.refill;
      if (l.tokens >= 1 && Date.now() < l.expires) {
        l.tokens--;
        return true;
      }
      return false;
    }
  }

  private async refill(account: string, tps: number, l: Lease): Promise<void> {
    // the submits of this moment share one request
    await new Promise((r) => setImmediate(r));
    l.counted = true;
    const want = Math.min(tps, Math.max(Math.ceil(tps / 20), l.demand));
    l.demand = 0;
    const granted = await this.grant(account, tps, want);
    const now = Date.now();
    l.tokens = (now < l.expires ? l.tokens : 0) + granted;
    l.expires = now + LEASE_MS;
  }

  /** Up to `want` tokens from the account's bucket (refilled for the time since it was last drawn). */
  async grant(account: string, tps: number, want: number): Promise<number> {
    const cap = sql`${tps}::float8`;
    const ask = sql`${want}::float8`;
    const avail = sql`least(${cap}, b.tokens + greatest(0, extract(epoch from now() - b.at)::float8) * ${cap})`;
    const r = await sql<{ granted: number }>`insert into smpp_tps_buckets as b (smpp_account_uuid, tokens, at, granted)
      values (${account}::uuid, ${cap} - least(${ask}, ${cap}), now(), least(${ask}, ${cap})::int)
      on conflict (smpp_account_uuid) do update set
        granted = least(${ask}, floor(${avail}))::int,
        tokens = ${avail} - least(${ask}, floor(${avail})),
        at = greatest(b.at, now())
      returning granted`.execute(this.db);
    return Number(r.rows[0]?.granted ?? 0);
  }

  forget(account: string): void {
    this.leases.delete(account);
  }
}
