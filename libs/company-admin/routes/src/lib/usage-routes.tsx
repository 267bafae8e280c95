import type { RouteObject } from 'react-router';
import { usageRoutes as usage } from '@smsc/resource-report/dashboard';
import { GettingStarted } from '@smsc/resource-profile/getting-started';
import { companyAdminRoutes } from './route-table';

// where each getting-started step is done, on this role's screens
const STEP_LINKS = {
  top_up: companyAdminRoutes.to('paymentGateway'),
  sender: companyAdminRoutes.to('didsAllDidLocalDid'),
  first_message: companyAdminRoutes.to('smsCenter'),
  api_key: companyAdminRoutes.to('apiKeys'),
};
const daily = companyAdminRoutes.path('dailyUsage');

/**
 * Spec §2 company admin dashboard pages, daily-usage (the landing) and weekly-usage: an area of their
 * own, from the report lib's light entry, so the landing does not fetch the reports' data kit. The landing
 * starts with the getting-started checklist (issue 45) until every step is done.
 */
export const usageRoutes: RouteObject[] = usage({ daily, weekly: companyAdminRoutes.path('weeklyUsage') }).map((r) =>
  r.path === daily
    ? {
        ...r,
        element: (
          <>
            <GettingStarted links={STEP_LINKS} />
            {r.element}
          </>
        ),
      }
    : r,
);
