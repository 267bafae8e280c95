// What other domains change on a user: its sessions, which two-factor ends when it is switched on.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

/** Ends every session of the user opened before now except `keep_jti` (the one that made the change). */
export async function endOtherSessions(
  db: Kysely<Database>,
  user_uuid: string,
  keep_jti: string | null,
): Promise<void> {
  await db
    .updateTable('users')
    .set({ sessions_valid_from: new Date(), sessions_keep_jti: keep_jti })
    .where('uuid', '=', user_uuid)
    .execute();
}
