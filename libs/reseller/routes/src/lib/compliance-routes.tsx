import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { COMPLIANCE_ACCESS, complianceBundle, compliancePages } from '@smsc/resource-compliance';
import { resellerRoutes } from './route-table';

// A reseller files for its companies and follows their filings.
const access: RoleAccess = { keys: [COMPLIANCE_ACCESS.company] };

/** Compliance: sender registrations (docs/compliance.md), a new filing, each filing's page. */
export const complianceRoutes: RouteObject[] = [
  resourceRoutes(
    complianceBundle,
    access,
    compliancePages({ path: resellerRoutes.path('compliance'), pickCompany: true, admin: false }),
  ),
];
