import { sql, type Kysely } from 'kysely';
import type { SecurityTables } from './tables';

type Callback = (err: Error | null, res?: { current: number; ttl: number }) => void;

/**
 * A @fastify/rate-limit store kept in PostgreSQL (table rate_limits), so every server process on the
 * same database counts the same hits: a client cannot multiply its login attempts by the number of
 * processes behind the load balancer. Windows are fixed and timed by the database clock.
 */
export function pgRateLimitStore(db: Kysely<SecurityTables>) {
  class PgStore {
    constructor(private readonly scope = 'global') {}

    incr(key: string, cb: Callback, timeWindow: number) {
      const k = `${this.scope}|${key}`;
      const ms = Math.max(1, Math.trunc(timeWindow));
      const end = sql`rate_limits.window_start + (${ms}::int * interval '1 millisecond')`;
      sql<{ hits: number; ttl: number }>`insert into rate_limits (key, hits, window_start) values (${k}, 1, now())
        on conflict (key) do update set
          hits = case when ${end} <= now() then 1 else rate_limits.hits + 1 end,
          window_start = case when ${end} <= now() then now() else rate_limits.window_start end
        returning hits, greatest(0, ceil(extract(epoch from (window_start + (${ms}::int * interval '1 millisecond') - now())) * 1000))::int as ttl`
        .execute(db)
        .then(
          (r) => cb(null, { current: r.rows[0].hits, ttl: r.rows[0].ttl }),
          (err: Error) => cb(err),
        );
    }

    read(key: string, cb: Callback, timeWindow: number) {
      const ms = Math.max(1, Math.trunc(timeWindow));
      sql<{
        hits: number;
        ttl: number;
      }>`select hits, ceil(extract(epoch from (window_start + (${ms}::int * interval '1 millisecond') - now())) * 1000)::int as ttl
        from rate_limits where key = ${`${this.scope}|${key}`}`
        .execute(db)
        .then(
          (r) => {
            const row = r.rows[0];
            cb(null, row && row.ttl > 0 ? { current: row.hits, ttl: row.ttl } : { current: 0, ttl: 0 });
          },
          (err: Error) => cb(err),
        );
    }

    /** Each limited route counts apart (as the in-memory store does), keyed by its method and path. */
    child(routeOptions: { routeInfo?: { method?: string | string[]; url?: string } }) {
      const info = routeOptions.routeInfo;
      return new PgStore(info ? `${[info.method].flat().join(',')} ${info.url}` : this.scope);
    }
  }
  return PgStore;
}

/** Rows whose window ended long ago can never limit anyone again. */
export async function pruneRateLimits(db: Kysely<SecurityTables>) {
  await db
    .deleteFrom('rate_limits')
    .where('window_start', '<', sql<Date>`now() - interval '1 day'`)
    .execute();
}
