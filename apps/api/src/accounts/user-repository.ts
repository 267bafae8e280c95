import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';

export type UserRow = Selectable<Database['users']>;

export interface UserRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(uuid: string): Promise<UserRow | undefined>;
  isRevoked(jti: string): Promise<boolean>;
  /**
   * A signed-in request's two reads in one statement (one round trip on every authenticated call): whether its
   * token was revoked, and its user as it is now (undefined when gone).
   */
  session(jti: string, uuid: string): Promise<{ revoked: boolean; user: UserRow | undefined }>;
  revoke(jti: string, exp: number): Promise<void>;
  /** a company's active company admins, by e-mail (whom a company-wide notice goes to) */
  companyAdmins(company_uuid: string): Promise<Pick<UserRow, 'uuid' | 'email' | 'full_name'>[]>;
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
    companyAdmins: (company_uuid) =>
      db
        .selectFrom('users')
        .select(['uuid', 'email', 'full_name'])
        .where('company_uuid', '=', company_uuid)
        .where('user_type', '=', 'company_admin')
        .where('is_active', '=', true)
        .orderBy('email')
        .execute(),
    async isRevoked(jti) {
      return !!(await db.selectFrom('token_revocations').select('jti').where('jti', '=', jti).executeTakeFirst());
    },
    async session(jti, uuid) {
      // one row whatever is found: the revocation's answer, then the user's columns (null when there is none)
      const row = await db
        .selectFrom(
          db
            .selectNoFrom((eb) =>
              eb.exists(eb.selectFrom('token_revocations').select('jti').where('jti', '=', jti)).as('revoked'),
            )
            .as('r'),
        )
        .leftJoin('users', (j) => j.on('users.uuid', '=', uuid))
        .select('r.revoked')
        .selectAll('users')
        .executeTakeFirstOrThrow();
      const { revoked, ...user } = row;
      return { revoked: !!revoked, user: user.uuid === null ? undefined : (user as UserRow) };
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
