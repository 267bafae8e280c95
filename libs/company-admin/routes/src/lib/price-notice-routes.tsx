import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { priceNoticeBundle, priceNoticePages } from '@smsc/resource-rate';
import { companyAdminRoutes } from './route-table';

// A company admin reads its company's notices.
const access: RoleAccess = {};

/** Price notices (issue 49): each change to the price the customer pays, its date and its rows as CSV. */
export const priceNoticeRoutes: RouteObject[] = [
  resourceRoutes(priceNoticeBundle, access, priceNoticePages(companyAdminRoutes.path('priceNotices'))),
];
