import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { productAccess, productBundle, productPages } from '@smsc/resource-product';
import { VENDOR_ACCESS, vendorBundle, vendorPages } from '@smsc/resource-vendor';

/** The system admin keeps the platform's catalog and sees whose each vendor is. */
const admin: RoleAccess = { keys: [VENDOR_ACCESS.owner] };

/** Spec §2, system admin: products (sms-routes, add/edit product with the quote box, add-company) and vendors. */
export const catalogRoutes: RouteObject[] = [
  resourceRoutes(productBundle, productAccess(admin), productPages(true)),
  resourceRoutes(vendorBundle, admin, vendorPages('vendors')),
];
