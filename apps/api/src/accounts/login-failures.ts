import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** How long failed logins (and failed current-password checks) of one account are counted. */
export const ACCOUNT_WINDOW_SECONDS = 15 * 60;

export interface LoginFailures {
  /** Seconds until the account may try again, or 0 when it is not locked. */
  retryAfter(email: string): Promise<number>;
  /** Counts one failed attempt, starting a fresh window when the old one has run out. */
  record(email: string): Promise<void>;
  clear(email: string): Promise<void>;
}

/**
 * Failed logins per account, counted in the database inside a fixed window, so neither a restart nor
 * a second server process resets them. Time comes from the database clock, which every process shares.
 */
export function createLoginFailures(db: Kysely<Database>, opts: { max: number; windowSeconds: number }): LoginFailures {
  const windowEnd = sql`login_failures.window_start + (${opts.windowSeconds}::int * interval '1 second')`;
  return {
    async retryAfter(email) {
      const row = await db
        .selectFrom('login_failures')
        .select(sql<number>`ceil(extract(epoch from (${windowEnd} - now())))::int`.as('seconds'))
        .where('email', '=', email)
        .where('failures', '>=', opts.max)
        .where(sql<boolean>`${windowEnd} > now()`)
        .executeTakeFirst();
      return row ? Math.max(1, row.seconds) : 0;
    },
    async record(email) {
      await sql`insert into login_failures (email, failures) values (${email}, 1)
        on conflict (email) do update set
          failures = case when ${windowEnd} <= now() then 1 else login_failures.failures + 1 end,
          window_start = case when ${windowEnd} <= now() then now() else login_failures.window_start end`.execute(db);
      // Rows of other accounts whose window has passed can never block anyone again; keep the table small.
      await db
        .deleteFrom('login_failures')
        .where(sql<boolean>`${windowEnd} <= now()`)
        .execute();
    },
    async clear(email) {
      await db.deleteFrom('login_failures').where('email', '=', email).execute();
    },
  };
}
