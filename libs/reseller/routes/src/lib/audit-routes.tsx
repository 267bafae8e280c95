import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { AuditLogPage } from '@smsc/resource-audit';
import { resellerRoutes } from './route-table';

/**
 * The audit log, read-only. The spec has no audit area; it sits at audit-log beside the
 * role's other settings-like areas. The server decides what the role reads.
 */
export const auditRoutes: RouteObject[] = [
  {
    path: resellerRoutes.path('auditLog'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <AuditLogPage />, handle: { title: 'Audit log' } }],
  },
];
