import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { MemberProfile, ProfileRedirect } from '@smsc/resource-profile';
import { companyUserRoutes } from './route-table';

/** The company user's profile: its company (read-only) and its own name and password. */
export const usersRoutes: RouteObject[] = [
  {
    path: companyUserRoutes.path('profile'),
    element: <ResourceRoot />,
    children: [
      {
        index: true,
        element: <ProfileRedirect to="edit-company-info/:id" show="company" />,
        // a redirect by the caller's company id: the walk follows it as a link
        handle: { title: 'Profile', links: ['edit-company-info/:id'] },
      },
      // the user edits its own name and password here (the company is read-only): its profile, whatever the path says
      { path: 'edit-company-info/:id', element: <MemberProfile />, handle: { title: 'My profile' } },
    ],
  },
];
