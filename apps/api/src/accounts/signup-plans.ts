// Accounts' statements on the sign-up plan (issue 45): the platform's, a one-row table, and each reseller's, a
// column of its row. Each takes the executor first.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** The product a company signing up now gets: its reseller's plan, or the platform's when it has no reseller. */
export async function signupProductFor(db: Db, reseller_uuid: string | null): Promise<string | null> {
  if (reseller_uuid) {
    const r = await db
      .selectFrom('resellers')
      .select('signup_product_uuid')
      .where('reseller_uuid', '=', reseller_uuid)
      .executeTakeFirst();
    return r?.signup_product_uuid ?? null;
  }
  const p = await db.selectFrom('signup_plan').select('product_uuid').where('id', '=', 1).executeTakeFirst();
  return p?.product_uuid ?? null;
}

/** Sets the reseller's plan, or the platform's for null. */
export async function setSignupProduct(db: Db, reseller_uuid: string | null, product_uuid: string | null) {
  if (reseller_uuid)
    await db
      .updateTable('resellers')
      .set({ signup_product_uuid: product_uuid })
      .where('reseller_uuid', '=', reseller_uuid)
      .execute();
  else await db.updateTable('signup_plan').set({ product_uuid }).where('id', '=', 1).execute();
}
