import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { COMPLIANCE_ACCESS, complianceBundle, compliancePages } from '@smsc/resource-compliance';
import { systemAdminRoutes } from './route-table';

// The system admin files for any company, reviews the sender IDs the platform approves and sets enforcement.
const access: RoleAccess = { keys: [COMPLIANCE_ACCESS.company, COMPLIANCE_ACCESS.review] };

/** Compliance: sender registrations (docs/compliance.md), a new filing, each filing's page. */
export const complianceRoutes: RouteObject[] = [
  resourceRoutes(
    complianceBundle,
    access,
    compliancePages({ path: systemAdminRoutes.path('compliance'), pickCompany: true, admin: true }),
  ),
];
