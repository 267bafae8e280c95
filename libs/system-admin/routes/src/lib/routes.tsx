import { Suspense, lazy } from 'react';
import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { systemAdminMenu } from './menu';
import { systemAdminRoutes } from './route-table';

// the home's dashboard: the last 24 hours in figures (light); its charts are fetched when asked for
const HomeDashboard = lazy(() => import('./home-dashboard'));

/** The System admin area: its menu and route table, mounted by the shell under /system-admin. */
export const systemAdminModule: RoleModule = {
  basePath: systemAdminRoutes.basePath,
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
  // one line per area file, fetched on its first visit (lazy-area.ts); its paths are the table's rows of that area
  areas: [
    lazyArea(systemAdminRoutes.areaPaths('accounts'), () => import('./accounts-routes').then((m) => m.accountsRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('users'), () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('catalog'), () => import('./catalog-routes').then((m) => m.catalogRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('billing'), () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('dids'), () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('template'), () => import('./template-routes').then((m) => m.templateRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('messaging'), () =>
      import('./messaging-routes').then((m) => m.messagingRoutes),
    ),
    lazyArea(systemAdminRoutes.areaPaths('smsc'), () => import('./smsc-routes').then((m) => m.smscRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('ani-group'), () =>
      import('./ani-group-routes').then((m) => m.aniGroupRoutes),
    ),
    lazyArea(systemAdminRoutes.areaPaths('bulk'), () => import('./bulk-routes').then((m) => m.bulkRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('reporting'), () =>
      import('./reporting-routes').then((m) => m.reportingRoutes),
    ),
    lazyArea(systemAdminRoutes.areaPaths('webhooks'), () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('compliance'), () =>
      import('./compliance-routes').then((m) => m.complianceRoutes),
    ),
    lazyArea(systemAdminRoutes.areaPaths('privacy'), () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('audit'), () => import('./audit-routes').then((m) => m.auditRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('operations'), () =>
      import('./operations-routes').then((m) => m.operationsRoutes),
    ),
    lazyArea(systemAdminRoutes.areaPaths('brand'), () => import('./brand-routes').then((m) => m.brandRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('guards'), () => import('./guards-routes').then((m) => m.guardsRoutes)),
    lazyArea(systemAdminRoutes.areaPaths('smpp'), () => import('./smpp-routes').then((m) => m.smppRoutes)),
  ],
};
