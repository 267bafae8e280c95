// The one zone rule on the server: an account's days are its company's time zone (company admins, users, their
// API keys), or the person's own (system admins and resellers choose theirs in Profile; UTC until they have).
// Reports cut their days, weeks and months there and say which zone they used; the console shows every time there.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import type { AuthUser } from '../lib/access';
import { databaseKnowsZone, isZoneName } from '../lib/account-zone';

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
