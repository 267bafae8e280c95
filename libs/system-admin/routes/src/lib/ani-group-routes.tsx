import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { ANI_GROUP_ACCESS, AniGroupImport, AniGroupNumbers, aniGroupBundle } from '@smsc/resource-ani-group';
import { systemAdminRoutes } from './route-table';

// The system admin sees every company's groups with their company, imports for a company it picks and reads a group's numbers.
const systemAdmin: RoleAccess = { keys: [ANI_GROUP_ACCESS.company], create: false, edit: false };

/** Spec §2, system admin ani-group: list, import, numbers/{uuid}. */
export const aniGroupRoutes: RouteObject[] = [
  resourceRoutes(aniGroupBundle, systemAdmin, {
    path: systemAdminRoutes.path('aniGroup'),
    redirectTo: 'list',
    list: { path: 'list', title: 'ANI groups' },
    rowLinks: [{ label: 'Numbers', to: (r) => `numbers/${r.ani_group_uuid}` }],
    listLinks: [{ label: 'Import ANI groups', to: 'import' }],
    extra: [
      { path: 'import', element: <AniGroupImport pickCompany />, handle: { title: 'Import ANI groups' } },
      { path: 'numbers/:uuid', element: <AniGroupNumbers />, handle: { title: 'ANI group numbers' } },
    ],
  }),
];
