import { lazy } from 'react';
import { Navigate } from 'react-router';
import type { RoleModule } from '@smsc/shared-ui/core';
import { lazyArea } from '@smsc/shared-ui/frame';
import { companyAdminMenu } from './menu';
import { companyAdminRoutes } from './route-table';

// the balance in the header, with the billing lib it needs, fetched after the landing
const HeaderBalance = lazy(() => import('./header-balance'));

/** The Company admin area: its menu and route table, mounted by the shell under /company-admin. */
export const companyAdminModule: RoleModule = {
  basePath: companyAdminRoutes.basePath,
  title: 'Company admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyAdminMenu,
  headerExtra: HeaderBalance,
  // docs/spec.md §2: the root redirects to its daily-usage child (the dashboard's first page, in the reporting area)
  routes: [
    {
      index: true,
      element: <Navigate to={companyAdminRoutes.path('dailyUsage')} replace />,
      handle: { title: 'Company admin home' },
    },
  ],
  // one line per area file, fetched on its first visit (lazy-area.ts); its paths are the table's rows of that area
  areas: [
    lazyArea(companyAdminRoutes.areaPaths('users'), () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('billing'), () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('dids'), () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('content'), () => import('./content-routes').then((m) => m.contentRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('messaging'), () =>
      import('./messaging-routes').then((m) => m.messagingRoutes),
    ),
    lazyArea(companyAdminRoutes.areaPaths('campaigns'), () =>
      import('./campaigns-routes').then((m) => m.campaignsRoutes),
    ),
    lazyArea(companyAdminRoutes.areaPaths('workflows'), () =>
      import('./workflows-routes').then((m) => m.workflowsRoutes),
    ),
    lazyArea(companyAdminRoutes.areaPaths('bulk'), () => import('./bulk-routes').then((m) => m.bulkRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('usage'), () => import('./usage-routes').then((m) => m.usageRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('reporting'), () =>
      import('./reporting-routes').then((m) => m.reportingRoutes),
    ),
    lazyArea(companyAdminRoutes.areaPaths('smpp'), () => import('./smpp-routes').then((m) => m.smppRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('webhooks'), () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('compliance'), () =>
      import('./compliance-routes').then((m) => m.complianceRoutes),
    ),
    lazyArea(companyAdminRoutes.areaPaths('privacy'), () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(companyAdminRoutes.areaPaths('price-notice'), () =>
      import('./price-notice-routes').then((m) => m.priceNoticeRoutes),
    ),
  ],
};
