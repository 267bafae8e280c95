import type { RouteObject } from 'react-router';
import { DashboardView } from './dashboard-view';

/**
 * Spec §2 company admin dashboard pages: daily-usage (the last 24 hours) and weekly-usage (7 days), at the
 * paths the role's route table gives them.
 */
export function usageRoutes(paths: { daily: string; weekly: string }): RouteObject[] {
  return [
    {
      path: paths.daily,
      element: <DashboardView key="daily" interval="24 hour" leaders="user" />,
      handle: { title: 'Daily usage' },
    },
    {
      path: paths.weekly,
      element: <DashboardView key="weekly" interval="7 day" leaders="user" />,
      handle: { title: 'Weekly usage' },
    },
  ];
}
