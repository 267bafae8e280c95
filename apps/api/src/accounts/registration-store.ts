// Accounts' statements of a self-registration: the company, its first admin and the confirmation link made
// together and switched on by the link (undone by deleting the company: company-store.ts). Each takes the executor first.
import type { Insertable, Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/**
 * The company, then its admin (given without its company), then the admin's confirmation token (given without
 * its user), in this order on `trx`; answers the company's id.
 */
export async function insertSignup(
  trx: Db,
  company: Insertable<Database['companies']>,
  admin: Omit<Insertable<Database['users']>, 'company_uuid'>,
  token: Omit<Insertable<Database['action_tokens']>, 'user_uuid'>,
): Promise<string> {
  const { company_uuid } = await trx
    .insertInto('companies')
    .values(company)
    .returning('company_uuid')
    .executeTakeFirstOrThrow();
  const user = await trx
    .insertInto('users')
    .values({ ...admin, company_uuid })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  await trx
    .insertInto('action_tokens')
    .values({ ...token, user_uuid: user.uuid })
    .execute();
  return company_uuid;
}

/** Activates the confirmed user, then its company if it has one; run on a transaction. */
export async function activateSignup(trx: Db, user_uuid: string): Promise<void> {
  const u = await trx
    .updateTable('users')
    .set({ is_active: true })
    .where('uuid', '=', user_uuid)
    .returning('company_uuid')
    .executeTakeFirstOrThrow();
  if (u.company_uuid)
    await trx.updateTable('companies').set({ status: 'active' }).where('company_uuid', '=', u.company_uuid).execute();
}
