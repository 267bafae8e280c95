import { systemAdminRoutes } from './route-table';

// The system admin's screens as the product spec lists them (section 2), relative to /system-admin: the route
// table's rows marked \`spec\`. Plain data (no React), read by the link-walk test and the e2e route smoke.
export const systemAdminSpecRoutes: readonly string[] = systemAdminRoutes.specRoutes();
