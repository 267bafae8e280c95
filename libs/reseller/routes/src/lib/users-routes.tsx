import type { RouteObject } from 'react-router';
import { ResourceRoot, resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { TwoFactorSection } from '@smsc/resource-profile';
import { USER_ACCESS, userBundle } from '@smsc/resource-user';

// A reseller manages the users of its companies and picks the company of a new user.
const users: RoleAccess = { keys: [USER_ACCESS.company, USER_ACCESS.pickCompany] };
// user/user-listing: the same users, read-only, each linking to its edit page under users/
const listing: RoleAccess = { create: false, edit: false, delete: false, keys: [USER_ACCESS.company] };

/** The reseller's user screens (issue 5). */
export const usersRoutes: RouteObject[] = [
  resourceRoutes(userBundle, users, {
    path: 'users',
    redirectTo: 'users-list',
    list: { path: 'users-list', title: 'Users' },
    create: { path: 'add', title: 'Add user' },
    edit: { path: 'edit/:id', title: 'Edit user' },
  }),
  resourceRoutes(userBundle, listing, {
    path: 'user',
    redirectTo: 'user-listing',
    list: { path: 'user-listing', title: 'User listing' },
    rowLinks: [{ label: 'Edit', to: (u) => `/reseller/users/edit/${encodeURIComponent(u.uuid)}` }],
  }),
  // The spec gives the reseller no profile; this one holds the account's two-factor sign-in (issue 18).
  {
    path: 'profile',
    element: <ResourceRoot />,
    children: [{ index: true, element: <TwoFactorSection />, handle: { title: 'Profile' } }],
  },
];
