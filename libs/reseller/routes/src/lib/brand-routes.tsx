import type { RouteObject } from 'react-router';
import { ResourceRoot } from '@smsc/shared-ui';
import { BrandPage } from '@smsc/resource-brand';
import { resellerRoutes } from './route-table';

/** The reseller's brand (white label, issue #48): what its customers see, and the host names it is served on. */
export const brandRoutes: RouteObject[] = [
  {
    path: resellerRoutes.path('brand'),
    element: <ResourceRoot />,
    children: [{ index: true, element: <BrandPage domains />, handle: { title: 'Brand' } }],
  },
];
