import { resellerRoutes } from './route-table';

// The reseller's screens as the product spec lists them (section 2), relative to /reseller: the route
// table's rows marked \`spec\`. Plain data (no React), read by the link-walk test and the e2e route smoke.
export const resellerSpecRoutes: readonly string[] = resellerRoutes.specRoutes();
