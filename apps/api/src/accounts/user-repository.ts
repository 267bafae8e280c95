import type { Kysely, Selectable } from 'kysely';
import type { Database } from '../db/schema';

export type UserRow = Selectable<Database['users']>;

export interface UserRepository {
  findByEmail(email: string): Promise<UserRow | undefined>;
  findById(uuid: string): Promise<UserRow | undefined>;
  isRevoked(jti: string): Promise<boolean>;
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
    async revoke(jti, exp) {
      await db
        .insertInto('token_revocations')
        .values({ jti, expires_at: new Date(exp * 1000) })
        .onConflict((oc) => oc.column('jti').doNothing())
        .execute();
    },
  };
}
