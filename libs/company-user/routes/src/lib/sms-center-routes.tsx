import type { RouteObject } from 'react-router';
import { smsCenterRoute } from '@smsc/resource-sms/center';
import { companyUserRoutes } from './route-table';

/**
 * Spec §2, company user: sms-center, its landing. An area of its own, from the SMS lib's light entry,
 * so the landing does not fetch the logs' data kit.
 */
export const smsCenterRoutes: RouteObject[] = [smsCenterRoute(companyUserRoutes.path('smsCenter'))];
