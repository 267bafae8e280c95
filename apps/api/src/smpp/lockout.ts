// The per-account bind lockout (docs/security.md, "SMPP binds"). An attempt on an account is counted in the
// database before its password is hashed, so every node sees it and a burst of concurrent guesses gets at most
// `after` hashes; past that the account is locked for `minutes` and binds are refused without hashing. A success
// clears the count. A system_id that names no account is counted the same way in this process's memory, so an
// unknown one is answered like a locked one after as many attempts.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { recordAudit } from '../security';

export interface LockoutSettings {
  /** failed binds within `minutes` that lock the account */
  after: number;
  /** the window failures are counted in, and the length of a lock */
  minutes: number;
}

export const DEFAULT_LOCKOUT: LockoutSettings = { after: 10, minutes: 15 };

/** ids that name no account are kept apart; a flood of made-up ones cannot grow the map past this */
const UNKNOWN_IDS_KEPT = 100_000;

/** The lockout's count for system_ids without an account, in memory (they have no row to count in). */
export class UnknownIdAttempts {
  private readonly seen = new Map<string, { count: number; since: number; lockedUntil: number }>();

  constructor(private readonly settings: LockoutSettings) {}

  /** Counts an attempt; false: refuse it without hashing, as a locked account is. */
  begin(system_id: string, now = Date.now()): boolean {
    const key = system_id.toLowerCase();
    const windowMs = this.settings.minutes * 60_000;
    let s = this.seen.get(key);
    if (s && s.lockedUntil > now) return false;
    if (!s || s.lockedUntil || now - s.since >= windowMs) {
      this.seen.delete(key);
      s = { count: 0, since: now, lockedUntil: 0 };
      this.seen.set(key, s);
      if (this.seen.size > UNKNOWN_IDS_KEPT) this.seen.delete(this.seen.keys().next().value as string);
    }
    s.count++;
    return s.count <= this.settings.after;
  }

  /** The attempt's (dummy) hash is done: it failed, as every one on an unknown id does. */
  failed(system_id: string, now = Date.now()): void {
    const s = this.seen.get(system_id.toLowerCase());
    if (s && !s.lockedUntil && s.count >= this.settings.after) s.lockedUntil = now + this.settings.minutes * 60_000;
  }
}

/** A listener's lockout: its settings and its memory of unknown ids. */
export class BindLockout {
  readonly unknown: UnknownIdAttempts;
  constructor(readonly settings: LockoutSettings = DEFAULT_LOCKOUT) {
    this.unknown = new UnknownIdAttempts(settings);
  }
}

// The sessions reach accounts through the database handle alone (authenticate(db, …)): the app registers its
// lockout settings against that handle, and a handle without them uses the defaults.
const lockouts = new WeakMap<Kysely<Database>, BindLockout>();

export function setBindLockout(db: Kysely<Database>, settings: LockoutSettings): BindLockout {
  const l = new BindLockout(settings);
  lockouts.set(db, l);
  return l;
}

export function bindLockoutOf(db: Kysely<Database>): BindLockout {
  let l = lockouts.get(db);
  if (!l) {
    l = new BindLockout();
    lockouts.set(db, l);
  }
  return l;
}

const windowStart = (minutes: number) => sql<Date>`now() - make_interval(mins => ${minutes}::int)`;
const notLocked = sql<boolean>`(locked_until is null or locked_until <= now())`;

/**
 * Counts a bind attempt on the account before its hash. False: the account is locked, or as many attempts as
 * the limit allows are already counted (in flight or failed): refuse without hashing.
 */
export async function beginAttempt(db: Kysely<Database>, id: string, s: LockoutSettings): Promise<boolean> {
  // a count older than the window, or one a lock that has ended left behind, starts again
  const stale = sql<boolean>`(failed_since is null or failed_since <= ${windowStart(s.minutes)}
    or locked_until is not null)`;
  const row = await db
    .updateTable('smpp_accounts')
    .set({
      failed_binds: sql<number>`case when ${stale} then 1 else failed_binds + 1 end`,
      failed_since: sql<Date>`case when ${stale} then now() else failed_since end`,
      locked_until: null,
    })
    .where('smpp_account_uuid', '=', id)
    .where(notLocked)
    .returning('failed_binds')
    .executeTakeFirst();
  return !!row && row.failed_binds <= s.after;
}

/** The attempt's password was wrong: at the limit the account locks, and the lock enters the audit log. */
export async function attemptFailed(
  db: Kysely<Database>,
  id: string,
  s: LockoutSettings,
  remote: string | null,
): Promise<void> {
  // one of several concurrent failures sets the lock: the others find it set
  const locked = await db
    .updateTable('smpp_accounts')
    .set({ locked_until: sql<Date>`now() + make_interval(mins => ${s.minutes}::int)` })
    .where('smpp_account_uuid', '=', id)
    .where('failed_binds', '>=', s.after)
    .where(notLocked)
    .returning(['company_uuid', 'failed_binds', 'locked_until'])
    .executeTakeFirst();
  if (!locked) return;
  await recordAudit(
    db,
    { uuid: null, email: null, type: null, ip: remote },
    'smpp_account',
    id,
    { company_uuid: locked.company_uuid, locked_until: null },
    locked,
  );
}

/** A right password: the count starts again (a lock another attempt set meanwhile stays). */
export async function attemptSucceeded(db: Kysely<Database>, id: string): Promise<void> {
  await db
    .updateTable('smpp_accounts')
    .set({ failed_binds: 0, failed_since: null, locked_until: null })
    .where('smpp_account_uuid', '=', id)
    .where(notLocked)
    .execute();
}

/** The lock as the console shows it: until when, after how many failed binds; nothing once it has ended. */
export function lockStateOf(
  row: { failed_binds: number; failed_since: Date | null; locked_until: Date | null },
  s: LockoutSettings,
  now = Date.now(),
): { locked_until: string | null; failed_binds: number } {
  if (row.locked_until && row.locked_until.getTime() > now)
    return { locked_until: row.locked_until.toISOString(), failed_binds: row.failed_binds };
  const current = !row.locked_until && row.failed_since && now - row.failed_since.getTime() < s.minutes * 60_000;
  return { locked_until: null, failed_binds: current ? row.failed_binds : 0 };
}
