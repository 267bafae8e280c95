import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { PRIVACY_ACCESS, privacyBundle, privacyPages } from '@smsc/resource-privacy';
import { systemAdminRoutes } from './route-table';

// It names one of the companies it reaches, or answers for all of them.
const access: RoleAccess = { keys: [PRIVACY_ACCESS.company] };

/** Privacy requests about one phone number (docs/privacy.md): export, erase, and their record. */
export const privacyRoutes: RouteObject[] = [
  resourceRoutes(privacyBundle, access, privacyPages({ path: systemAdminRoutes.path('privacy'), pickCompany: true })),
];
