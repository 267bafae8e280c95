import type { RouteObject } from 'react-router';
import { COMPANY_ADMIN_REPORTS, reportingRoutes as reporting, usageRoutes } from '@smsc/resource-report';

/** Spec §2 company admin: the dashboard pages daily-usage and weekly-usage, and reporting (number, destination, usage-report). */
export const reportingRoutes: RouteObject[] = [reporting(COMPANY_ADMIN_REPORTS), ...usageRoutes];
