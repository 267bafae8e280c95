import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { BrandPage } from '@smsc/resource-brand';

/** The platform's own brand: what customers of no reseller (and of a reseller without a brand) see. */
export const brandRoutes: RouteObject[] = [
  {
    path: 'brand',
    element: <ResourceRoot />,
    children: [{ index: true, element: <BrandPage />, handle: { title: 'Brand' } }],
  },
];
