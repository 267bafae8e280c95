import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';

export type UserRow = Selectable<Database['users']>;

export interface UserRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(uuid: string): Promise<UserRow | undefined>;
  isRevoked(jti: string): Promise<boolean>;
  revoke(jti: string, exp: number): Promise<void>;
}

export function createUserRepository(db: Kysely<Database>): UserRepository {
  return {
    findByEmail: (email) =>
      db
        .selectFrom('users')
        .selectAll()
        .where((eb) => eb(eb.fn('lower', ['email']), '=', email.toLowerCase()))
        .executeTakeFirst(),
    findById: (uuid) => db.selectFrom('users').selectAll().where('uuid', '=', uuid).executeTakeFirst(),
    async isRevoked(jti) {
      return !!(await db.selectFrom('token_revocations').select('jti').where('jti', '=', jti).executeTakeFirst());
    },
    async revoke(jti, exp) {
      await db
        .insertInto('token_revocations')
        .values({ jti, expires_at: new Date(exp * 1000) })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },
  };
}
