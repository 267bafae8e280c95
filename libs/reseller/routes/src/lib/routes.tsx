import { Suspense, lazy } from 'react';
import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { resellerMenu } from './menu';
import { resellerRoutes } from './route-table';

// the reseller's own balance in the header, with the billing lib it needs, fetched after the landing
const HeaderBalance = lazy(() => import('./header-balance'));
// the home's dashboard: the last 24 hours in figures (light); its charts are fetched when asked for
const HomeDashboard = lazy(() => import('./home-dashboard'));

/** The Reseller area: its menu and route table, mounted by the shell under /reseller. */
export const resellerModule: RoleModule = {
  basePath: resellerRoutes.basePath,
  title: 'Reseller',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: resellerMenu,
  headerExtra: HeaderBalance,
  routes: [
    {
      index: true,
      element: (
        <>
          <RoleHome area="Reseller" />
          <Suspense fallback={null}>
            <HomeDashboard leaders="company" />
          </Suspense>
        </>
      ),
      handle: { title: 'Reseller home' },
    },
  ],
  // one line per area file, fetched on its first visit (lazy-area.ts); its paths are the table's rows of that area
  areas: [
    lazyArea(resellerRoutes.areaPaths('accounts'), () => import('./accounts-routes').then((m) => m.accountsRoutes)),
    lazyArea(resellerRoutes.areaPaths('users'), () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(resellerRoutes.areaPaths('catalog'), () => import('./catalog-routes').then((m) => m.catalogRoutes)),
    lazyArea(resellerRoutes.areaPaths('billing'), () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(resellerRoutes.areaPaths('dids'), () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(resellerRoutes.areaPaths('template'), () => import('./template-routes').then((m) => m.templateRoutes)),
    lazyArea(resellerRoutes.areaPaths('messaging'), () => import('./messaging-routes').then((m) => m.messagingRoutes)),
    lazyArea(resellerRoutes.areaPaths('mail-template'), () =>
      import('./mail-template-routes').then((m) => m.mailTemplateRoutes),
    ),
    lazyArea(resellerRoutes.areaPaths('audit'), () => import('./audit-routes').then((m) => m.auditRoutes)),
    lazyArea(resellerRoutes.areaPaths('price-notice'), () =>
      import('./price-notice-routes').then((m) => m.priceNoticeRoutes),
    ),
    lazyArea(resellerRoutes.areaPaths('reporting'), () => import('./reporting-routes').then((m) => m.reportingRoutes)),
    lazyArea(resellerRoutes.areaPaths('smpp'), () => import('./smpp-routes').then((m) => m.smppRoutes)),
    lazyArea(resellerRoutes.areaPaths('webhooks'), () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(resellerRoutes.areaPaths('compliance'), () =>
      import('./compliance-routes').then((m) => m.complianceRoutes),
    ),
    lazyArea(resellerRoutes.areaPaths('privacy'), () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(resellerRoutes.areaPaths('brand'), () => import('./brand-routes').then((m) => m.brandRoutes)),
  ],
};
