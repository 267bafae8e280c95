import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { PumpingSettingsPage } from '@smsc/resource-company';
import { systemAdminRoutes } from './route-table';

/** The platform's fraud guards (issue 31): the pumping check's thresholds; a company's own guards are on its row. */
export const guardsRoutes: RouteObject[] = [
  {
    path: systemAdminRoutes.path('guards'),
    element: <ResourceRoot />,
    children: [
      {
        path: systemAdminRoutes.below('guardsPumpingThresholds', 'guards'),
        element: <PumpingSettingsPage />,
        handle: { title: 'Pumping thresholds' },
      },
    ],
  },
];
