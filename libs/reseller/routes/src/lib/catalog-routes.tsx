import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { productAccess, productBundle, productPages, SignupPlanPage } from '@smsc/resource-product';
import { vendorBundle, vendorPages } from '@smsc/resource-vendor';
import { rateChangeRoutes, ratePricingRoutes } from '@smsc/resource-rate';
import { resellerRoutes } from './route-table';

/** A reseller keeps its own catalog (the server scopes every call to it); it holds no access keys. */
const reseller: RoleAccess = { keys: [] };

/**
 * Spec §2, reseller: product (sms-routes, add/edit product with the quote box, and the system admin's
 * add-company/{id}: a reseller gives its products to its own companies) and vendor (vendors-list,
 * add/edit vendor); beyond the spec, its rate tables, SMS pricing and rate changes (issue 45 item 2).
 */
const products = productPages(true);

export const catalogRoutes: RouteObject[] = [
  resourceRoutes(productBundle, productAccess(reseller), {
    ...products,
    path: resellerRoutes.path('product'),
    extra: [
      ...(products.extra ?? []),
      // issue 45 item 2: its own rate tables, priced by hand, by import or as a markup over its cost, and the
      // change sets that carry new prices to its companies after their notice period
      ...ratePricingRoutes(reseller, { markup: true }),
      ...rateChangeRoutes(reseller),
      // issue 45: the product of the companies that sign up through the reseller's link
      { path: 'signup-plan', element: <SignupPlanPage platform={false} />, handle: { title: 'Sign-up plan' } },
    ],
  }),
  resourceRoutes(vendorBundle, reseller, { ...vendorPages('vendors-list'), path: resellerRoutes.path('vendor') }),
];
