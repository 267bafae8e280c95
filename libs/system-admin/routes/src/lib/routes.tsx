import { RoleHome, type RoleModule } from '@smsc/shared-ui';
import { accountsRoutes } from './accounts-routes';
import { usersRoutes } from './users-routes';
import { catalogRoutes } from './catalog-routes';
import { billingRoutes } from './billing-routes';
import { didsRoutes } from './dids-routes';
import { systemAdminMenu } from './menu';

/** The System admin area: its menu and route table, mounted by the shell under /system-admin. */
export const systemAdminModule: RoleModule = {
  basePath: '/system-admin',
  title: 'System admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: systemAdminMenu,
  routes: [{ index: true, element: <RoleHome area="System admin" />, handle: { title: 'System admin home' } }, ...accountsRoutes, ...usersRoutes, ...catalogRoutes, ...billingRoutes, ...didsRoutes],
};
