import { lazy } from 'react';
import { Navigate } from 'react-router';
import type { RoleModule } from '@smsc/shared-ui/core';
import { lazyArea } from '@smsc/shared-ui/frame';
import { companyAdminMenu } from './menu';

// the balance in the header, with the billing lib it needs, fetched after the landing
const HeaderBalance = lazy(() => import('./header-balance'));

/** The Company admin area: its menu and route table, mounted by the shell under /company-admin. */
export const companyAdminModule: RoleModule = {
  basePath: '/company-admin',
  title: 'Company admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyAdminMenu,
  headerExtra: HeaderBalance,
  // docs/spec.md §2: the root redirects to its daily-usage child (the dashboard's first page, in the reporting area)
  routes: [{ index: true, element: <Navigate to="daily-usage" replace />, handle: { title: 'Company admin home' } }],
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['users', 'profile', 'api-keys'], () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(['billing', 'payment-gateway', 'payment-success', 'payment-cancel'], () =>
      import('./billing-routes').then((m) => m.billingRoutes),
    ),
    lazyArea(['dids', 'users/assigned-did'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['templates', 'recipients'], () => import('./content-routes').then((m) => m.contentRoutes)),
    lazyArea(['sms-center', 'sms-log'], () => import('./messaging-routes').then((m) => m.messagingRoutes)),
    lazyArea(['campaings'], () => import('./campaigns-routes').then((m) => m.campaignsRoutes)),
    lazyArea(['sms-workflow', 'reminder-workflow'], () => import('./workflows-routes').then((m) => m.workflowsRoutes)),
    lazyArea(['bulk-sending', 'bulk'], () => import('./bulk-routes').then((m) => m.bulkRoutes)),
    lazyArea(['daily-usage', 'weekly-usage'], () => import('./usage-routes').then((m) => m.usageRoutes)),
    lazyArea(['reporting'], () => import('./reporting-routes').then((m) => m.reportingRoutes)),
    lazyArea(['smpp-accounts'], () => import('./smpp-routes').then((m) => m.smppRoutes)),
    lazyArea(['webhooks'], () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(['compliance'], () => import('./compliance-routes').then((m) => m.complianceRoutes)),
    lazyArea(['privacy'], () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(['price-notices'], () => import('./price-notice-routes').then((m) => m.priceNoticeRoutes)),
  ],
};
