import { Suspense, lazy } from 'react';
import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { companyAdminMenu } from './menu';

// the home's dashboard: the last 24 hours in figures (light); its charts are fetched when asked for
const HomeDashboard = lazy(() => import('./home-dashboard'));

/** The Company admin area: its menu and route table, mounted by the shell under /company-admin. */
export const companyAdminModule: RoleModule = {
  basePath: '/company-admin',
  title: 'Company admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyAdminMenu,
  routes: [{ index: true, element: <><RoleHome area="Company admin" /><Suspense fallback={null}><HomeDashboard leaders="user" /></Suspense></>, handle: { title: 'Company admin home' } }],
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['users', 'profile'], () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(['billing', 'payment-gateway', 'payment-success', 'payment-cancel'], () => import('./billing-routes').then((m) => m.billingRoutes)),
    lazyArea(['dids', 'users/assigned-did'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['templates', 'recipients'], () => import('./content-routes').then((m) => m.contentRoutes)),
    lazyArea(['sms-center', 'sms-log'], () => import('./messaging-routes').then((m) => m.messagingRoutes)),
    lazyArea(['campaings'], () => import('./campaigns-routes').then((m) => m.campaignsRoutes)),
    lazyArea(['sms-workflow', 'reminder-workflow'], () => import('./workflows-routes').then((m) => m.workflowsRoutes)),
    lazyArea(['bulk-sending', 'bulk'], () => import('./bulk-routes').then((m) => m.bulkRoutes)),
    lazyArea(['reporting', 'daily-usage', 'weekly-usage'], () => import('./reporting-routes').then((m) => m.reportingRoutes)),
  ],
};
