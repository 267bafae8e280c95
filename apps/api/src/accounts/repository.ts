// The accounts domain's repository: what other domains read and write of its tables (companies, resellers,
// users, payment terms, countries, STOP-text filters), so that no file outside accounts names them
// (tools/eslint/api-table-owners.mjs). The accounts plugin decorates the API context with it as `app.accounts`;
// a query module, a service or a seed with no app imports `accountsRepository` from the index. Each call takes
// the executor it runs on (`app.db` or the caller's transaction), so a call joins the caller's transaction.
// Where another domain's statement reads an account row beside its own tables, accounts hands it the rows as a
// relation to join (rows.ts: `companyRows`, `resellerRows`, `userRows`) or a sub-select to filter by
// (`companiesNamed`, `usersNamed`, `usersWithEmail`) instead of a second round trip: the statement, and its plan, stay what they were.
import {
  companiesByName,
  companiesNamed,
  companiesOnProduct,
  companyCountOn,
  companyNames,
  companyOf,
  resellerOfCompany,
  visibleCompany,
} from './company-reads';
import { clearCompanyProduct, setBelowCreditLimit, setCompanyProduct, setCompanyProductByName } from './company-writes';
import { customersOn, productsOfCompanies } from './price-customers';
import { ownerName, resellerCostProduct, resellerExists, resellerNamed, resellerNames } from './reseller-reads';
import { countries, countryOf, stopTexts } from './reference-reads';
import { companyRows, resellerRows, userRows } from './rows';
import { isUserOf, userEmails, userNames, usersByEmail, usersNamed, usersToMail, usersWithEmail } from './user-reads';
import { endOtherSessions } from './user-writes';

export type { PriceCustomer } from './price-customers';
export type { MailedUsers } from './user-reads';

export interface AccountsRepository {
  companyRows: typeof companyRows;
  resellerRows: typeof resellerRows;
  userRows: typeof userRows;
  usersNamed: typeof usersNamed;
  usersWithEmail: typeof usersWithEmail;
  companiesNamed: typeof companiesNamed;
  companyCountOn: typeof companyCountOn;
  // companies
  /** one company; undefined when no such company */
  companyOf: typeof companyOf;
  /** one company the caller's scope reaches, with its payment term's days; undefined otherwise (answer 404) */
  visibleCompany: typeof visibleCompany;
  /** company_uuid → name, for the ids given */
  companyNames: typeof companyNames;
  /** the reseller of a company (null for a direct company or none found) */
  resellerOfCompany: typeof resellerOfCompany;
  /** the companies of these names (the seeds) */
  companiesByName: typeof companiesByName;
  /** sets a company's below-credit-limit flag (billing, after a posting), writing only a change */
  setBelowCreditLimit: typeof setBelowCreditLimit;
  /** the companies a product prices that the caller's scope reaches, by name */
  companiesOnProduct: typeof companiesOnProduct;
  /** gives a company in the caller's scope a product (with a reseller: only that reseller's company) */
  setCompanyProduct: typeof setCompanyProduct;
  /** takes a product from a company in the caller's scope that has it */
  clearCompanyProduct: typeof clearCompanyProduct;
  /** gives the companies of a name a product (the seeds) */
  setCompanyProductByName: typeof setCompanyProductByName;
  /** the companies on these products and the resellers buying by them (a rate change's customers) */
  customersOn: typeof customersOn;
  /** each company's product now */
  productsOfCompanies: typeof productsOfCompanies;
  // resellers
  /** reseller_uuid → name, for the ids given */
  resellerNames: typeof resellerNames;
  /** whether a reseller of this id exists */
  resellerExists: typeof resellerExists;
  /** the id of the reseller of this name (the seeds) */
  resellerNamed: typeof resellerNamed;
  /** the platform product a reseller pays the platform by (its cost), or null */
  resellerCostProduct: typeof resellerCostProduct;
  /** the name an account's owner goes by: its company's, or the reseller's for its own account */
  ownerName: typeof ownerName;
  // users
  /** users.uuid → email, for the ids given (who made a change another domain records) */
  userEmails: typeof userEmails;
  /** users.uuid → full name, for the ids given */
  userNames: typeof userNames;
  /** the addresses of the active users a notice goes to: a company's admins, a reseller's logins, system admins */
  usersToMail: typeof usersToMail;
  /** the users of these addresses (the seeds, the fuzzer) */
  usersByEmail: typeof usersByEmail;
  /** whether the user belongs to the company */
  isUserOf: typeof isUserOf;
  /** ends every session of a user but the one named (two-factor switched on) */
  endOtherSessions: typeof endOtherSessions;
  // reference data
  /** every country of the reference list, by name */
  countries: typeof countries;
  /** ISO-2 → country_uuid (null: none) */
  countryOf: typeof countryOf;
  /** the active STOP-text filters of a reseller, or the platform's (null) */
  stopTexts: typeof stopTexts;
}

export const accountsRepository: AccountsRepository = {
  companyRows,
  resellerRows,
  userRows,
  usersNamed,
  usersWithEmail,
  companiesNamed,
  companyCountOn,
  companyOf,
  visibleCompany,
  companyNames,
  resellerOfCompany,
  companiesByName,
  setBelowCreditLimit,
  companiesOnProduct,
  setCompanyProduct,
  clearCompanyProduct,
  setCompanyProductByName,
  customersOn,
  productsOfCompanies,
  resellerNames,
  resellerExists,
  resellerNamed,
  resellerCostProduct,
  ownerName,
  userEmails,
  userNames,
  usersToMail,
  usersByEmail,
  isUserOf,
  endOtherSessions,
  countries,
  countryOf,
  stopTexts,
};
