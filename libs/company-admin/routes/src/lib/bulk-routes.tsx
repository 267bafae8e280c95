import type { RouteObject } from 'react-router';
import { bulkRoutes as bulkArea, bulkSendingRoutes } from '@smsc/resource-bulk';
import { countSegments } from '@smsc/resource-sms';

/** Spec §2, company admin: bulk-sending (send, history) and bulk (bulk-report, auto-substitute, bulk-sms). */
export const bulkRoutes: RouteObject[] = [bulkSendingRoutes(countSegments), bulkArea('company', countSegments)];
