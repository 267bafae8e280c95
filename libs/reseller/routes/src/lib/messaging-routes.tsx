import type { RouteObject } from 'react-router';
import type { RoleAccess } from '@smsc/shared-ui';
import { SMS_ACCESS, resellerSmsLogRoutes, smsCenterRoute } from '@smsc/resource-sms';
import { resellerRoutes } from './route-table';

/** A reseller sends for one of its companies and sees its companies' messages with the vendor cost. */
const reseller: RoleAccess = { keys: [SMS_ACCESS.company, SMS_ACCESS.user, SMS_ACCESS.cost] };

/** Spec §2, reseller: reseller-sms-center and reseller-sms-log. */
export const messagingRoutes: RouteObject[] = [
  smsCenterRoute(resellerRoutes.path('resellerSmsCenter'), true),
  resellerSmsLogRoutes(reseller, resellerRoutes.path('resellerSmsLog')),
];
