import type { RouteObject } from 'react-router';
import { resourceRoutes } from '@smsc/shared-ui';
import { userBundle } from '@smsc/resource-user';
import { AccountForm, ProfileDetails, companyInfoBundle } from '@smsc/resource-profile';

/** The company admin's users (its own company only, by the API) and its profile (issue 5). */
export const usersRoutes: RouteObject[] = [
  resourceRoutes(userBundle, {}, {
    path: 'users',
    list: { path: '', title: 'Users' },
    create: { path: 'add', title: 'Add user' },
    edit: { path: 'edit/:id', title: 'Edit user' },
  }),
  resourceRoutes(companyInfoBundle, {}, {
    path: 'profile',
    redirectTo: 'company-info',
    edit: { path: 'edit-company-info/:id', title: 'Edit company info' },
    extra: [
      { path: 'company-info', element: <ProfileDetails show="company" editPath="edit-company-info/:id" />, handle: { title: 'Company info' } },
      { path: 'admin-contact', element: <AccountForm />, handle: { title: 'Admin contact' } },
    ],
  }),
];
