import type { RouteObject } from 'react-router';
import { ResourceRoot, type RoleAccess } from '@smsc/shared-ui';
import { RetentionPage } from '@smsc/resource-operations';
import { SMS_ACCESS, SUPPRESSION_ACCESS, smsLogRoutes, suppressionRoutes } from '@smsc/resource-sms';
import { systemAdminRoutes } from './route-table';

const admin: RoleAccess = { keys: [SMS_ACCESS.company, SMS_ACCESS.user, SMS_ACCESS.cost] };
// a suppression is added or lifted, never edited
const suppressions: RoleAccess = { edit: false, keys: [SUPPRESSION_ACCESS.company] };

/**
 * Spec §2, system admin: sms-log (incoming, outgoing); dids all-suppressions and add-suppression. Issue 51: how long
 * messages are kept (sms-log/retention).
 */
export const messagingRoutes: RouteObject[] = [
  smsLogRoutes(admin, systemAdminRoutes.path('smsLog')),
  {
    path: systemAdminRoutes.path('smsLogRetention'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <RetentionPage />, handle: { title: 'Message retention' } }],
  },
  ...suppressionRoutes(suppressions, {
    base: systemAdminRoutes.basePath,
    list: systemAdminRoutes.path('didsAllSuppressions'),
    add: systemAdminRoutes.path('didsAddSuppression'),
  }),
];
