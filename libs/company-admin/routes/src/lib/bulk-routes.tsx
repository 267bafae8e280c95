import type { RouteObject } from 'react-router';
import { bulkRoutes as bulkArea, bulkSendingRoutes } from '@smsc/resource-bulk';
import { countSegments } from '@smsc/resource-sms';
import { companyAdminRoutes } from './route-table';

/** Spec §2, company admin: bulk-sending (send, history) and bulk (bulk-report, auto-substitute, bulk-sms). */
export const bulkRoutes: RouteObject[] = [
  { ...bulkSendingRoutes(countSegments), path: companyAdminRoutes.path('bulkSending') },
  { ...bulkArea('company', countSegments), path: companyAdminRoutes.path('bulk') },
];
