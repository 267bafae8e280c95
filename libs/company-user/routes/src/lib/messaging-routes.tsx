import type { RouteObject } from 'react-router';
import type { RoleAccess } from '@smsc/shared-ui';
import { smsCenterRoute, smsLogRoutes } from '@smsc/resource-sms';

/** A company user sends from the numbers assigned to it and sees its own messages (the server scopes them). */
const companyUser: RoleAccess = {};

/** Spec §2, company user: sms-center (its home) and sms-log (incoming, outgoing). */
export const messagingRoutes: RouteObject[] = [smsCenterRoute('sms-center'), smsLogRoutes(companyUser)];
