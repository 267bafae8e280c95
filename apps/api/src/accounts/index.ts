// Accounts: companies, resellers and their teams, users and sign-in, registration, payment terms, STOP-text
// filters, countries and uploaded files. What other domains use: the repository (`app.accounts`, or
// `accountsRepository` where there is no app), the user repository the auth plugin reads sessions with, the
// per-account login lock (two-factor counts its wrong codes on it), the privacy holder of files, and the rows
// other domains' statements join (rows.ts).
// The routes are registered by plugin.ts (the composition root imports it), so that importing this index
// never pulls in the route modules and the domains they use.
import type { FastifyInstance } from 'fastify';
import { apiOf } from '../lib/api-context';
import type { AccountsRepository } from './repository';

export { accountsRepository, type AccountsRepository, type PriceCustomer } from './repository';
export { createUserRepository, type UserRepository, type UserRow } from './user-repository';
export { ACCOUNT_WINDOW_SECONDS, createLoginFailures, type LoginFailures } from './login-failures';
export { filesHeld } from './accounts-personal-data';
export { accountZone } from './account-zone';
export { companyRows, resellerRows, userRows, type CompanyRow, type ResellerRow, type UserFacts } from './rows';

declare module 'fastify' {
  interface FastifyInstance {
    /** the accounts domain's repository: what other domains read and write of its tables */
    accounts: AccountsRepository;
  }
}

/** The accounts repository of an app, from the root instance tests hold or from inside the API. */
export const accountsOf = (app: FastifyInstance): AccountsRepository => apiOf(app).accounts;
