import type { RouteObject } from 'react-router';
import type { RoleAccess } from '@smsc/shared-ui';
import { SMS_ACCESS, smsCenterRoute, smsLogRoutes } from '@smsc/resource-sms';
import { companyAdminRoutes } from './route-table';

/** A company admin sees who in its company sent each message (never the vendor cost). */
const companyAdmin: RoleAccess = { keys: [SMS_ACCESS.user] };

/** Spec §2, company admin: sms-center and sms-log (incoming, outgoing). */
export const messagingRoutes: RouteObject[] = [
  smsCenterRoute(companyAdminRoutes.path('smsCenter')),
  smsLogRoutes(companyAdmin, companyAdminRoutes.path('smsLog')),
];
