import type { RouteObject } from 'react-router';
import { bulkRoutes as bulkArea, bulkSendingRoutes } from '@smsc/resource-bulk';

/** Spec §2, company admin: bulk-sending (send, history) and bulk (bulk-report, auto-substitute, bulk-sms). */
export const bulkRoutes: RouteObject[] = [bulkSendingRoutes(), bulkArea('company')];
