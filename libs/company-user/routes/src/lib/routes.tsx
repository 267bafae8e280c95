import { Navigate } from 'react-router';
import type { RoleModule } from '@smsc/shared-ui/core';
import { lazyArea } from '@smsc/shared-ui/frame';
import { companyUserMenu } from './menu';
import { companyUserRoutes } from './route-table';

/** The Company user area: its menu and route table, mounted by the shell under /company-user. */
export const companyUserModule: RoleModule = {
  basePath: companyUserRoutes.basePath,
  title: 'Company user',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyUserMenu,
  // docs/spec.md §2: /company-user redirects to sms-center
  routes: [
    {
      index: true,
      element: <Navigate to={companyUserRoutes.path('smsCenter')} replace />,
      handle: { title: 'Company user home' },
    },
  ],
  // one line per area file, fetched on its first visit (lazy-area.ts); its paths are the table's rows of that area
  areas: [
    lazyArea(companyUserRoutes.areaPaths('users'), () => import('./users-routes').then((m) => m.usersRoutes)),
    lazyArea(companyUserRoutes.areaPaths('dids'), () => import('./dids-routes').then((m) => m.didsRoutes)),
    lazyArea(companyUserRoutes.areaPaths('sms-center'), () =>
      import('./sms-center-routes').then((m) => m.smsCenterRoutes),
    ),
    lazyArea(companyUserRoutes.areaPaths('messaging'), () =>
      import('./messaging-routes').then((m) => m.messagingRoutes),
    ),
    lazyArea(companyUserRoutes.areaPaths('workflows'), () =>
      import('./workflows-routes').then((m) => m.workflowsRoutes),
    ),
  ],
};
