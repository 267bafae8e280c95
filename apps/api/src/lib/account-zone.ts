// The one zone rule on the server: an account's days are its company's time zone (company admins, users, their
// API keys), or the person's own (system admins and resellers choose theirs in Profile; UTC until they have).
// Reports cut their days, weeks and months there and say which zone they used; the console shows every time there.
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from './access';

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

/** The zone a caller's dates are in: its company's, else its own, else UTC; a zone the database lacks reads as UTC. */
export async function accountZone(
  db: Kysely<Database>,
  user: Pick<AuthUser, 'uuid' | 'company_uuid'>,
): Promise<string> {
  const row = user.company_uuid
    ? await db
        .selectFrom('companies')
        .select('time_zone')
        .where('company_uuid', '=', user.company_uuid)
        .executeTakeFirst()
    : await db.selectFrom('users').select('time_zone').where('uuid', '=', user.uuid).executeTakeFirst();
  const zone = row?.time_zone ?? null;
  return isZoneName(zone) && (await databaseKnowsZone(db, zone)) ? zone : 'UTC';
}
