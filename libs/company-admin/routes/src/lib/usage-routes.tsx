import type { RouteObject } from 'react-router';
import { usageRoutes as usage } from '@smsc/resource-report/dashboard';

/**
 * Spec §2 company admin dashboard pages, daily-usage (the landing) and weekly-usage: an area of their
 * own, from the report lib's light entry, so the landing does not fetch the reports' data kit.
 */
export const usageRoutes: RouteObject[] = usage;
