import { Navigate, type RouteObject } from 'react-router';
import { definitionFor, resourceRoutes, Space, type RoleAccess } from '@smsc/shared-ui';
import { CompanyUsersPage, USER_ACCESS, userBundle } from '@smsc/resource-user';
import { adminBundle } from '@smsc/resource-admin';
import { accountBundle, ProfileDetails, TwoFactorSection } from '@smsc/resource-profile';
import { systemAdminRoutes } from './route-table';

// The system admin sees every company's users and every user type; users are added by their
// company (or reseller), so this role edits and deletes but has no add page (docs/spec.md §2).
const users: RoleAccess = { create: false, keys: [USER_ACCESS.company, USER_ACCESS.type] };
const companyAccounts: RoleAccess = { create: false, keys: [USER_ACCESS.type] };
const companyAccountsBundle = { ...userBundle, definition: definitionFor(userBundle.definition, companyAccounts.keys) };

/** Users, admins, the own profile and a company's accounts, for the system admin. */
export const usersRoutes: RouteObject[] = [
  resourceRoutes(userBundle, users, {
    path: systemAdminRoutes.path('users'),
    list: { path: '', title: 'Users' },
    edit: { path: 'edit/:id', title: 'Edit user' },
    rowLinks: [{ label: 'DIDs', to: (u) => `assigned-did/${u.uuid}` }],
  }),
  {
    path: systemAdminRoutes.path('adminUserManagement'),
    element: <Navigate to={systemAdminRoutes.to('admins')} replace />,
    handle: { title: 'Admin user management' },
  },
  resourceRoutes(
    adminBundle,
    {},
    {
      path: systemAdminRoutes.path('admins'),
      list: { path: '', title: 'Admins' },
      create: { path: 'add-admin', title: 'Add admin' },
      edit: { path: 'edit/:id', title: 'Edit admin' },
    },
  ),
  resourceRoutes(
    accountBundle,
    {},
    {
      path: systemAdminRoutes.path('profile'),
      redirectTo: 'system-info',
      edit: { path: 'edit-admin-info/:id', title: 'Edit admin info' },
      extra: [
        {
          path: 'system-info',
          element: (
            <Space orientation="vertical" size="large" style={{ width: '100%' }}>
              <ProfileDetails show="account" editPath="edit-admin-info/:id" />
              <TwoFactorSection />
            </Space>
          ),
          handle: { title: 'System info', links: ['edit-admin-info/:id'] },
        },
      ],
    },
  ),
  {
    path: systemAdminRoutes.path('companiesCompanyAccounts'),
    element: (
      <CompanyUsersPage
        bundle={companyAccountsBundle}
        access={companyAccounts}
        editPath={systemAdminRoutes.pattern('usersEdit')}
      />
    ),
    handle: { title: 'Company accounts' },
  },
];
