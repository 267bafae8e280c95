// The accounts domain's repository: what other domains read and write of its tables (companies, resellers,
// users, payment terms, ...), so that no file outside accounts names them (tools/eslint/api-table-owners.mjs).
// The accounts plugin decorates the API context with it as `app.accounts`; a query module, a service or a seed
// with no app imports `accountsRepository` from the index. Each call takes the executor it runs on (`app.db` or
// the caller's transaction), so a call joins the caller's transaction. Where another domain's statement reads an
// account row beside its own tables, accounts hands it a fragment (`usersNamed`) instead of a second round trip.
import { companyNames, resellerOfCompany, userEmails } from './company-names';
import { customersOn, productsOfCompanies, resellerCostProduct, resellerNames, userNames } from './price-customers';
import { companyOf, resellerExists, usersNamed } from './queries';

export type { PriceCustomer } from './price-customers';

export interface AccountsRepository {
  usersNamed: typeof usersNamed;
  /** company_uuid → name, for the ids given */
  companyNames: typeof companyNames;
  /** the reseller of a company (null for a direct company or none found) */
  resellerOfCompany: typeof resellerOfCompany;
  /** users.uuid → email, for the ids given (who made a change another domain records) */
  userEmails: typeof userEmails;
  /** users.uuid → full name, for the ids given */
  userNames: typeof userNames;
  /** reseller_uuid → name, for the ids given */
  resellerNames: typeof resellerNames;
  /** one company's own columns (its plan, reseller, status, time zone...); undefined when no such company */
  companyOf: typeof companyOf;
  /** whether a reseller of this id exists */
  resellerExists: typeof resellerExists;
  /** the companies on these products and the resellers buying by them (a rate change's customers) */
  customersOn: typeof customersOn;
  /** each company's product now */
  productsOfCompanies: typeof productsOfCompanies;
  /** the platform product a reseller pays the platform by (its cost), or null */
  resellerCostProduct: typeof resellerCostProduct;
}

export const accountsRepository: AccountsRepository = {
  usersNamed,
  companyNames,
  resellerOfCompany,
  userEmails,
  userNames,
  resellerNames,
  companyOf,
  resellerExists,
  customersOn,
  productsOfCompanies,
  resellerCostProduct,
};
