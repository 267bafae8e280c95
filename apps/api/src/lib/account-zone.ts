// What makes a time zone usable on the server: a name the runtime and the database read alike. Whose zone a
// caller's dates are in is the accounts domain's rule (accounts/account-zone.ts).
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';

/**
 * An IANA zone name both the runtime and the database read alike. An offset ("+05:30") is refused: Intl reads it
 * as five and a half hours ahead, PostgreSQL as a POSIX zone five and a half hours behind.
 */
export function isZoneName(zone: string | null | undefined): zone is string {
  if (!zone || zone.length > 64 || !/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const databaseKnows = new Map<string, boolean>();

/** Whether the database has the zone (its zone data can be older than the runtime's); asked once a zone and process. */
export async function databaseKnowsZone(db: Kysely<Database>, zone: string): Promise<boolean> {
  const known = databaseKnows.get(zone);
  if (known !== undefined) return known;
  let ok: boolean;
  try {
    await sql`select now() at time zone ${zone}`.execute(db);
    ok = true;
  } catch {
    ok = false;
  }
  databaseKnows.set(zone, ok);
  return ok;
}
