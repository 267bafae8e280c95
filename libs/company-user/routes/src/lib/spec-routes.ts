import { companyUserRoutes } from './route-table';

// The company user's screens as the product spec lists them (section 2), relative to /company-user: the route
// table's rows marked \`spec\`. Plain data (no React), read by the link-walk test and the e2e route smoke.
export const companyUserSpecRoutes: readonly string[] = companyUserRoutes.specRoutes();
