import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { OperationsPage } from '@smsc/resource-operations';
import { systemAdminRoutes } from './route-table';

/** The platform's live figures (readiness, queues, links, latency): not in the spec's menu, an operator's screen. */
export const operationsRoutes: RouteObject[] = [
  {
    path: systemAdminRoutes.path('operations'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <OperationsPage />, handle: { title: 'Operations' } }],
  },
];
