// What other domains change on a company: the flag billing keeps of its balance against its credit limit.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database>;

/** Sets is_below_credit_limit only when it changes, so postings that stay on one side write nothing. */
export async function setBelowCreditLimit(db: Db, company_uuid: string, below: boolean): Promise<void> {
  await db
    .updateTable('companies')
    .set({ is_below_credit_limit: below })
    .where('company_uuid', '=', company_uuid)
    .where('is_below_credit_limit', '!=', below)
    .execute();
}
