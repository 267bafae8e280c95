import { companyAdminRoutes } from './route-table';

// The company admin's screens as the product spec lists them (section 2), relative to /company-admin: the route
// table's rows marked \`spec\`. Plain data (no React), read by the link-walk test and the e2e route smoke.
export const companyAdminSpecRoutes: readonly string[] = companyAdminRoutes.specRoutes();

/** Pages no link leads to: the card checkout sends the browser back to them. */
export const companyAdminReturnPages: readonly string[] = companyAdminRoutes.specRoutes('return');
