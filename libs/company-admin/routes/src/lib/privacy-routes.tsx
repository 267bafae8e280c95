import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { privacyBundle, privacyPages } from '@smsc/resource-privacy';
import { companyAdminRoutes } from './route-table';

// A company admin answers for its own company.
const access: RoleAccess = {};

/** Privacy requests about one phone number (docs/privacy.md): export, erase, and their record. */
export const privacyRoutes: RouteObject[] = [
  resourceRoutes(privacyBundle, access, privacyPages({ path: companyAdminRoutes.path('privacy'), pickCompany: false })),
];
