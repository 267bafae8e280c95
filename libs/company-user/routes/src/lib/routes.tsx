import type { RoleModule } from '@smsc/shared-ui/core';
import { RoleHome, lazyArea } from '@smsc/shared-ui/frame';
import { companyUserMenu } from './menu';

/** The Company user area: its menu and route table, mounted by the shell under /company-user. */
export const companyUserModule: RoleModule = {
  basePath: '/company-user',
  title: 'Company user',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyUserMenu,
  routes: [{ index: true, element: <RoleHome area="Company user" />, handle: { title: 'Company user home' } }],
  // one line per area file, fetched on its first visit (the kit's convention: lazy-area.ts)
  areas: [
    lazyArea(['profile'], () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(['dids'], () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(['sms-center', 'sms-log'], () => import('./messaging-routes').then((m) => m.messagingRoutes)),
    lazyArea(['sms-workflow', 'reminder-workflow'], () => import('./workflows-routes').then((m) => m.workflowsRoutes)),
  ],
};
