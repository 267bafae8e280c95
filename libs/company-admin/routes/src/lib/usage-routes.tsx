import type { RouteObject } from 'react-router';
import { usageRoutes as usage } from '@smsc/resource-report/dashboard';
import { GettingStarted } from '@smsc/resource-profile/getting-started';

/**
 * Spec §2 company admin dashboard pages, daily-usage (the landing) and weekly-usage: an area of their
 * own, from the report lib's light entry, so the landing does not fetch the reports' data kit. The landing
 * starts with the getting-started checklist (issue 45) until every step is done.
 */
export const usageRoutes: RouteObject[] = usage.map((r) =>
  r.path === 'daily-usage'
    ? {
        ...r,
        element: (
          <>
            <GettingStarted base="/company-admin" />
            {r.element}
          </>
        ),
      }
    : r,
);
