import { RoleHome, type RoleModule } from '@smsc/shared-ui';
import { usersRoutes } from './users-routes';
import { billingRoutes } from './billing-routes';
import { didsRoutes } from './dids-routes';
import { companyAdminMenu } from './menu';

/** The Company admin area: its menu and route table, mounted by the shell under /company-admin. */
export const companyAdminModule: RoleModule = {
  basePath: '/company-admin',
  title: 'Company admin',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyAdminMenu,
  routes: [{ index: true, element: <RoleHome area="Company admin" />, handle: { title: 'Company admin home' } }, ...usersRoutes, ...billingRoutes, ...didsRoutes],
};
