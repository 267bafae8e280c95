import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { PumpingSettingsPage } from '@smsc/resource-company';

/** The platform's fraud guards (issue 31): the pumping check's thresholds; a company's own guards are on its row. */
export const guardsRoutes: RouteObject[] = [
  {
    path: 'guards',
    element: <ResourceRoot />,
    children: [
      {
        path: 'pumping-thresholds',
        element: <PumpingSettingsPage />,
        handle: { title: 'Pumping thresholds' },
      },
    ],
  },
];
