import { Suspense, lazy } from 'react';
import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { resellerMenu } from './menu';

// the reseller's own balance in the header, with the billing lib it needs, fetched after the landing
const HeaderBalance = lazy(() => import('./header-balance'));
// the home's dashboard: the last 24 hours in figures (light); its charts are fetched when asked for
const HomeDashboard = lazy(() => import('./home-dashboard'));

/** The Reseller area: its menu and route table, mounted by the shell under /reseller. */
export const resellerModule: RoleModule = {
  basePath: '/reseller',
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
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['companies', 'filters'], () => import('./accounts-routes').then((m) => m.accountsRoutes)),
    lazyArea(['users', 'user', 'profile', 'team'], () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(['product', 'vendor'], () => import('./catalog-routes').then((m) => m.catalogRoutes)),
    lazyArea(['billing', 'payment'], () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(['dids'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['template-approval'], () => import('./template-routes').then((m) => m.templateRoutes)),
    lazyArea(['reseller-sms-center', 'reseller-sms-log'], () =>
      import('./messaging-routes').then((m) => m.messagingRoutes),
    ),
    lazyArea(['mail-template'], () => import('./mail-template-routes').then((m) => m.mailTemplateRoutes)),
    lazyArea(['audit-log'], () => import('./audit-routes').then((m) => m.auditRoutes)),
    lazyArea(['price-notices'], () => import('./price-notice-routes').then((m) => m.priceNoticeRoutes)),
    lazyArea(['reporting'], () => import('./reporting-routes').then((m) => m.reportingRoutes)),
    lazyArea(['smpp-accounts'], () => import('./smpp-routes').then((m) => m.smppRoutes)),
    lazyArea(['webhooks'], () => import('./webhooks-routes').then((m) => m.webhooksRoutes)),
    lazyArea(['compliance'], () => import('./compliance-routes').then((m) => m.complianceRoutes)),
    lazyArea(['privacy'], () => import('./privacy-routes').then((m) => m.privacyRoutes)),
    lazyArea(['brand'], () => import('./brand-routes').then((m) => m.brandRoutes)),
  ],
};
