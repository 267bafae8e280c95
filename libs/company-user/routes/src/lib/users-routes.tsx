import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { MemberProfile, ProfileRedirect } from '@smsc/resource-profile';

/** The company user's profile: its company (read-only) and its own name and password (issue 5). */
export const usersRoutes: RouteObject[] = [
  {
    path: 'profile',
    element: <ResourceRoot />,
    children: [
      { index: true, element: <ProfileRedirect to="edit-company-info/:id" show="company" />, handle: { title: 'Profile' } },
      { path: 'edit-company-info/:id', element: <MemberProfile />, handle: { title: 'Edit company info' } },
    ],
  },
];
