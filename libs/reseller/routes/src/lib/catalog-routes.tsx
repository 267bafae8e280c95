import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { productAccess, productBundle, productPages } from '@smsc/resource-product';
import { vendorBundle, vendorPages } from '@smsc/resource-vendor';

/** A reseller keeps its own catalog (the server scopes every call to it); it holds no access keys. */
const reseller: RoleAccess = { keys: [] };

/**
 * Spec §2, reseller: product (sms-routes, add/edit product with the quote box, and the system admin's
 * add-company/{id}: a reseller gives its products to its own companies) and vendor (vendors-list,
 * add/edit vendor).
 */
export const catalogRoutes: RouteObject[] = [
  resourceRoutes(productBundle, productAccess(reseller), productPages(true)),
  resourceRoutes(vendorBundle, reseller, vendorPages('vendors-list')),
];
