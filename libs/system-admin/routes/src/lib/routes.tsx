import { Suspense, lazy } from 'react';
import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { systemAdminMenu } from './menu';

// the home's dashboard: the last 24 hours in figures (light); its charts are fetched when asked for
const HomeDashboard = lazy(() => import('./home-dashboard'));

/** The System admin area: its menu and route table, mounted by the shell under /system-admin. */
export const systemAdminModule: RoleModule = {
  basePath: '/system-admin',
  title: 'System admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: systemAdminMenu,
  routes: [
    {
      index: true,
      element: (
        <>
          <RoleHome area="System admin" />
          <Suspense fallback={null}>
            <HomeDashboard leaders="company" />
          </Suspense>
        </>
      ),
      handle: { title: 'System admin home' },
    },
  ],
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['companies', 'resellers', 'payment-term', 'filters'], () =>
      import('./accounts-routes').then((m) => m.accountsRoutes),
    ),
    lazyArea(['users', 'admin-user-management', 'admins', 'profile', 'companies/company-accounts'], () =>
      import('./users-routes').then((m) => m.usersRoutes),
    ),
    lazyArea(['product', 'vendor'], () => import('./catalog-routes').then((m) => m.catalogRoutes)),
    lazyArea(['billing', 'balance-log'], () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(['dids', 'users/assigned-did'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['template-approval'], () => import('./template-routes').then((m) => m.templateRoutes)),
    lazyArea(['sms-log', 'dids/all-suppressions', 'dids/add-suppression'], () =>
      import('./messaging-routes').then((m) => m.messagingRoutes),
    ),
    lazyArea(['smsc-connection'], () => import('./smsc-routes').then((m) => m.smscRoutes)),
    lazyArea(['ani-group'], () => import('./ani-group-routes').then((m) => m.aniGroupRoutes)),
    lazyArea(['bulk'], () => import('./bulk-routes').then((m) => m.bulkRoutes)),
    lazyArea(['reporting'], () => import('./reporting-routes').then((m) => m.reportingRoutes)),
    lazyArea(['webhooks'], () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(['compliance'], () => import('./compliance-routes').then((m) => m.complianceRoutes)),
    lazyArea(['privacy'], () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(['audit-log'], () => import('./audit-routes').then((m) => m.auditRoutes)),
    lazyArea(['operations'], () => import('./operations-routes').then((m) => m.operationsRoutes)),
    lazyArea(['brand'], () => import('./brand-routes').then((m) => m.brandRoutes)),
    lazyArea(['guards'], () => import('./guards-routes').then((m) => m.guardsRoutes)),
    lazyArea(['smpp-accounts'], () => import('./smpp-routes').then((m) => m.smppRoutes)),
  ],
};
