import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import {
  productAccess,
  productBundle,
  productPages,
  routeQualityRoutes,
  routingRoutes,
  SignupPlanPage,
} from '@smsc/resource-product';
import {
  VENDOR_ACCESS,
  VENDOR_ADMIN_LINKS,
  vendorBundle,
  vendorPages,
  vendorProductRoutes,
} from '@smsc/resource-vendor';
import { rateChangeRoutes, rateDeckRoutes, ratePricingRoutes } from '@smsc/resource-rate';
import { VendorSmscConnectionsPage } from '@smsc/resource-smsc';
import { DID_ACCESS, VendorDidEdit, VendorDids } from '@smsc/resource-did';
import { systemAdminRoutes } from './route-table';

/** The system admin keeps the platform's catalog and sees whose each vendor is. */
const admin: RoleAccess = { keys: [VENDOR_ACCESS.owner] };
const didAdmin: RoleAccess = { keys: [DID_ACCESS.company, DID_ACCESS.reseller, DID_ACCESS.provider] };
const products = productPages(true);

/**
 * Spec §2, system admin: product (sms-routes, sms-pricing, rate-table, add/edit product with the quote
 * box, add-company, sms-pricing/add-product) and vendor (vendors, list/{vendor_name}/{vendor_uuid},
 * add/edit vendor, {id}/rate-deck, {id}/add/rate-deck, accounts/{id}, add/edit vendor product, did/{id}/{vendor_name}
 * (the vendor's numbers) and did/{id}/edit).
 */
export const catalogRoutes: RouteObject[] = [
  resourceRoutes(productBundle, productAccess(admin), {
    ...products,
    path: systemAdminRoutes.path('product'),
    extra: [
      ...(products.extra ?? []),
      ...ratePricingRoutes(admin),
      ...rateChangeRoutes(admin),
      routingRoutes(admin),
      // issue 49 item 4: each vendor product × country measured live, demoted under its floor, its floor and pin
      ...routeQualityRoutes(admin),
      // issue 45: the product a company that signs up by itself gets
      { path: 'signup-plan', element: <SignupPlanPage platform />, handle: { title: 'Sign-up plan' } },
    ],
  }),
  resourceRoutes(vendorBundle, admin, {
    ...vendorPages('vendors', {
      rowLinks: VENDOR_ADMIN_LINKS,
      extra: [
        ...vendorProductRoutes(admin),
        ...rateDeckRoutes(admin),
        { path: 'did/:id/edit', element: <VendorDidEdit access={didAdmin} />, handle: { title: 'Edit DID' } },
        {
          path: 'did/:id/:vendor_name',
          element: <VendorDids access={didAdmin} />,
          handle: { title: 'Vendor DIDs', links: ['did/:id/edit'] },
        },
        {
          path: 'list/:vendor_name/:vendor_uuid',
          handle: { title: 'SMSC connections' },
          element: (
            <VendorSmscConnectionsPage
              access={admin}
              editPath={systemAdminRoutes.pattern('smscConnectionEditSmscConnection')}
              createPath={systemAdminRoutes.to('smscConnectionAddSmscConnection')}
            />
          ),
        },
      ],
    }),
    path: systemAdminRoutes.path('vendor'),
  }),
];
