import type { RouteObject } from 'react-router';
import { PageLoading, ResourceRoot, Space, resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { AccountForm, TwoFactorSection, useGetHomeQuery } from '@smsc/resource-profile';
import { ResellerTeam } from '@smsc/resource-reseller';
import { USER_ACCESS, userBundle } from '@smsc/resource-user';
import { resellerRoutes } from './route-table';

// A reseller manages the users of its companies and picks the company of a new user.
const users: RoleAccess = { keys: [USER_ACCESS.company, USER_ACCESS.pickCompany] };
// user/user-listing: the same users, read-only (a view reached from the Users page, not a menu entry of
// its own), each linking to its edit page under users/
const listing: RoleAccess = { create: false, edit: false, delete: false, keys: [USER_ACCESS.company] };

/** The reseller's own logins: whose team it is comes from the signed-in account (the server checks it again). */
function OwnTeam() {
  const home = useGetHomeQuery();
  const reseller = home.data?.user.reseller_uuid;
  return reseller ? <ResellerTeam reseller={reseller} /> : <PageLoading />;
}

/** The reseller's user screens. */
export const usersRoutes: RouteObject[] = [
  resourceRoutes(userBundle, users, {
    path: resellerRoutes.path('users'),
    redirectTo: 'users-list',
    list: { path: 'users-list', title: 'Users' },
    listLinks: [{ label: 'Read-only user listing', to: resellerRoutes.to('userUserListing') }],
    create: { path: 'add', title: 'Add user' },
    edit: { path: 'edit/:id', title: 'Edit user' },
  }),
  resourceRoutes(userBundle, listing, {
    path: resellerRoutes.path('user'),
    redirectTo: 'user-listing',
    list: { path: 'user-listing', title: 'User listing' },
    listLinks: [{ label: 'Manage users', to: resellerRoutes.to('usersUsersList') }],
    rowLinks: [{ label: 'Edit', to: (u) => resellerRoutes.to('usersEdit', { id: u.uuid }) }],
  }),
  // not in the spec: the reseller's own logins (admins and read-only users), docs/spec.md has one login per reseller
  {
    path: resellerRoutes.path('team'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <OwnTeam />, handle: { title: 'Team' } }],
  },
  // The spec gives the reseller no profile; this one holds the account's name, password (with the
  // current one, as the server asks) and two-factor sign-in.
  {
    path: resellerRoutes.path('profile'),
    element: <ResourceRoot />,
    children: [
      {
        index: true,
        element: (
          <Space orientation="vertical" size="large" style={{ width: '100%' }}>
            <AccountForm />
            <TwoFactorSection />
          </Space>
        ),
        handle: { title: 'Profile' },
      },
    ],
  },
];
