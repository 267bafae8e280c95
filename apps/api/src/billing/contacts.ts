// Who hears about an account's money (low-balance and invoice mails): a company's active company
// admins, or a reseller's active reseller users for the reseller's own account.
import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema';

type Db = Kysely<Database> | Transaction<Database>;
export interface AccountOwner {
  company_uuid: string | null;
  reseller_uuid: string | null;
}

export async function billingContacts(db: Db, acc: AccountOwner): Promise<string[]> {
  const rows = await db
    .selectFrom('users')
    .select('email')
    .where('is_active', '=', true)
    .where((eb) =>
      acc.company_uuid
        ? eb.and([eb('company_uuid', '=', acc.company_uuid), eb('user_type', '=', 'company_admin')])
        : eb.and([eb('reseller_uuid', '=', acc.reseller_uuid), eb('user_type', '=', 'reseller')]),
    )
    .orderBy('email')
    .execute();
  return rows.map((r) => r.email);
}

/** The company's name, or the reseller's for its own account. */
export async function accountName(db: Db, acc: AccountOwner): Promise<string> {
  const name = acc.company_uuid
    ? (
        await db
          .selectFrom('companies')
          .select('company_name')
          .where('company_uuid', '=', acc.company_uuid)
          .executeTakeFirst()
      )?.company_name
    : (
        await db
          .selectFrom('resellers')
          .select('reseller_name')
          .where('reseller_uuid', '=', acc.reseller_uuid)
          .executeTakeFirst()
      )?.reseller_name;
  return name ?? '';
}
