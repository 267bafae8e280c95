import type { RouteObject } from 'react-router';
import { bulkRoutes as bulkArea } from '@smsc/resource-bulk';
import { countSegments } from '@smsc/resource-sms';
import { systemAdminRoutes } from './route-table';

/** Spec §2, system admin: bulk (the report of every company's bulks at the root, auto-substitute, bulk-sms). */
export const bulkRoutes: RouteObject[] = [
  { ...bulkArea('system', countSegments), path: systemAdminRoutes.path('bulk') },
];
