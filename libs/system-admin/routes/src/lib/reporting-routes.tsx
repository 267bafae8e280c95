import type { RouteObject } from 'react-router';
import { SYSTEM_ADMIN_REPORTS, reportingRoutes as reporting } from '@smsc/resource-report';
import { systemAdminRoutes } from './route-table';

/** Spec §2 system admin reporting (redirects to number): revenue, cost and margin by client and vendor. */
export const reportingRoutes: RouteObject[] = [
  { ...reporting(SYSTEM_ADMIN_REPORTS), path: systemAdminRoutes.path('reporting') },
];
