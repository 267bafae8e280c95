// Who hears about an account's money (low-balance and invoice mails): a company's active company
// admins, or a reseller's active reseller users for the reseller's own account; and the name the account
// goes by. The users and names are the accounts domain's (its repository).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { accountsRepository } from '../accounts';

export interface AccountOwner {
  company_uuid: string | null;
  reseller_uuid: string | null;
}

export const billingContacts = (db: Kysely<Database>, acc: AccountOwner): Promise<string[]> =>
  accountsRepository.usersToMail(
    db,
    acc.company_uuid ? { companyAdminsOf: acc.company_uuid } : { resellerUsersOf: acc.reseller_uuid },
  );

/** The company's name, or the reseller's for its own account. */
export const accountName = (db: Kysely<Database>, acc: AccountOwner): Promise<string> =>
  accountsRepository.ownerName(db, acc);
