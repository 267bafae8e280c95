import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { PRICE_NOTICE_ACCESS, priceNoticeBundle, priceNoticePages } from '@smsc/resource-rate';
import { resellerRoutes } from './route-table';

// A reseller reads the notices of its own price and of its companies (whose rows say which).
const access: RoleAccess = { keys: [PRICE_NOTICE_ACCESS.customer] };

/** Price notices (issue 49): each change to the price the customer pays, its date and its rows as CSV. */
export const priceNoticeRoutes: RouteObject[] = [
  resourceRoutes(priceNoticeBundle, access, priceNoticePages(resellerRoutes.path('priceNotices'))),
];
