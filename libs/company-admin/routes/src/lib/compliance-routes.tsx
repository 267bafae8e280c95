import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { complianceBundle, compliancePages } from '@smsc/resource-compliance';
import { companyAdminRoutes } from './route-table';

// A company admin files for its own company.
const access: RoleAccess = {};

/** Compliance: sender registrations (docs/compliance.md), a new filing, each filing's page. */
export const complianceRoutes: RouteObject[] = [
  resourceRoutes(
    complianceBundle,
    access,
    compliancePages({ path: companyAdminRoutes.path('compliance'), pickCompany: false, admin: false }),
  ),
];
