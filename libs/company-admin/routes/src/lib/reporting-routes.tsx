import type { RouteObject } from 'react-router';
import { COMPANY_ADMIN_REPORTS, reportingRoutes as reporting } from '@smsc/resource-report';
import { companyAdminRoutes } from './route-table';

/** Spec §2 company admin reporting: number, destination, usage-report. */
export const reportingRoutes: RouteObject[] = [
  { ...reporting(COMPANY_ADMIN_REPORTS), path: companyAdminRoutes.path('reporting') },
];
