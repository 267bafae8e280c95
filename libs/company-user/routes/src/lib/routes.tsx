import { Navigate } from 'react-router';
import type { RoleModule } from '@smsc/shared-ui/core';
import { lazyArea } from '@smsc/shared-ui/frame';
import { companyUserMenu } from './menu';

/** The Company user area: its menu and route table, mounted by the shell under /company-user. */
export const companyUserModule: RoleModule = {
  basePath: '/company-user',
  title: 'Company user',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyUserMenu,
  // docs/spec.md §2: /company-user redirects to sms-center
  routes: [{ index: true, element: <Navigate to="sms-center" replace />, handle: { title: 'Company user home' } }],
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['profile'], () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(['dids'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['sms-center'], () => import('./sms-center-routes').then((m) => m.smsCenterRoutes)),
    lazyArea(['sms-log'], () => import('./messaging-routes').then((m) => m.messagingRoutes)),
    lazyArea(['sms-workflow', 'reminder-workflow'], () => import('./workflows-routes').then((m) => m.workflowsRoutes)),
  ],
};
