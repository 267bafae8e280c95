// Accounts' statements on one-time links (action_tokens: e-mail confirmation, password reset), stored by their
// hash. Each takes the executor first, so a call joins the caller's transaction.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

export async function insertActionToken(db: Db, values: Insertable<Database['action_tokens']>): Promise<void> {
  await db.insertInto('action_tokens').values(values).execute();
}

/** Marks every open reset link of the user used, so none of them can set a password any more. */
export async function voidResetLinks(db: Db, user_uuid: string): Promise<void> {
  await db
    .updateTable('action_tokens')
    .set({ used_at: new Date() })
    .where('user_uuid', '=', user_uuid)
    .where('kind', '=', 'reset')
    .where('used_at', 'is', null)
    .execute();
}

/**
 * Marks an open, unexpired token of this hash and kind used in one statement (so a replay loses the race) and
 * answers its user, or undefined when there is none.
 */
export async function useActionToken(db: Db, token_hash: string, kind: 'confirm' | 'reset') {
  const row = await db
    .updateTable('action_tokens')
    .set({ used_at: new Date() })
    .where('token_hash', '=', token_hash)
    .where('kind', '=', kind)
    .where('used_at', 'is', null)
    .where('expires_at', '>', new Date())
    .returning('user_uuid')
    .executeTakeFirst();
  return row?.user_uuid;
}
