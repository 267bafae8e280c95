import type { RouteObject } from 'react-router';
import type { RoleAccess } from '@smsc/shared-ui';
import { smsLogRoutes } from '@smsc/resource-sms';
import { companyUserRoutes } from './route-table';

/** A company user sends from the numbers assigned to it and sees its own messages (the server scopes them). */
const companyUser: RoleAccess = {};

/** Spec §2, company user: sms-log (incoming, outgoing); the sms-center is an area of its own (its home). */
export const messagingRoutes: RouteObject[] = [smsLogRoutes(companyUser, companyUserRoutes.path('smsLog'))];
