import { RoleHome, type RoleModule } from '@smsc/shared-ui';
import { usersRoutes } from './users-routes';
import { didsRoutes } from './dids-routes';
import { companyUserMenu } from './menu';

/** The Company user area: its menu and route table, mounted by the shell under /company-user. */
export const companyUserModule: RoleModule = {
  basePath: '/company-user',
  title: 'Company user',
  buildLabel: process.env.REMOTE_LABEL || undefined,
  menu: companyUserMenu,
  routes: [{ index: true, element: <RoleHome area="Company user" />, handle: { title: 'Company user home' } }, ...usersRoutes, ...didsRoutes],
};
