import type { RouteObject } from 'react-router';
import { DashboardView } from './dashboard-view';

/** Spec §2 company admin dashboard pages: daily-usage (the last 24 hours) and weekly-usage (7 days). */
export const usageRoutes: RouteObject[] = [
  {
    path: 'daily-usage',
    element: <DashboardView key="daily" interval="24 hour" leaders="user" />,
    handle: { title: 'Daily usage' },
  },
  {
    path: 'weekly-usage',
    element: <DashboardView key="weekly" interval="7 day" leaders="user" />,
    handle: { title: 'Weekly usage' },
  },
];
