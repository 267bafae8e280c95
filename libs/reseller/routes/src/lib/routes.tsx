import { RoleHome, type RoleModule } from '@smsc/shared-ui';
import { accountsRoutes } from './accounts-routes';
import { usersRoutes } from './users-routes';
import { catalogRoutes } from './catalog-routes';
import { billingRoutes } from './billing-routes';
import { didsRoutes } from './dids-routes';
import { resellerMenu } from './menu';

/** The Reseller area: its menu and route table, mounted by the shell under /reseller. */
export const resellerModule: RoleModule = {
  basePath: '/reseller',
  title: 'Reseller',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: resellerMenu,
  routes: [{ index: true, element: <RoleHome area="Reseller" />, handle: { title: 'Reseller home' } }, ...accountsRoutes, ...usersRoutes, ...catalogRoutes, ...billingRoutes, ...didsRoutes],
};
