// Accounts' statements that set a user's password hash at sign-in and reset. Each takes the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Swaps the hash only while it is still `old_hash`, so a password change racing the sign-in wins. */
export async function upgradePasswordHash(db: Db, user_uuid: string, old_hash: string, password_hash: string) {
  await db
    .updateTable('users')
    .set({ password_hash })
    .where('uuid', '=', user_uuid)
    .where('password_hash', '=', old_hash)
    .execute();
}

/** A new password by a reset link: the change time moves and no session is kept as the changer's. */
export async function resetPassword(db: Db, user_uuid: string, password_hash: string): Promise<void> {
  await db
    .updateTable('users')
    .set({ password_hash, password_changed_at: new Date(), password_change_jti: null })
    .where('uuid', '=', user_uuid)
    .execute();
}
