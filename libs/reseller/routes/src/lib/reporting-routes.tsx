import type { RouteObject } from 'react-router';
import { resellerReportRoutes } from '@smsc/resource-report';
import { resellerRoutes } from './route-table';

/** The reseller's figures for its companies: reporting (by company or by day, a month at a time). */
export const reportingRoutes: RouteObject[] = resellerReportRoutes.map((r) => ({
  ...r,
  path: resellerRoutes.path('reporting'),
}));
