import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { CompanyGuardsPage, companyBundle, companyPages } from '@smsc/resource-company';
import { filterBundle, filterPages } from '@smsc/resource-filter';
import { companyBillingLinks, companyBillingRoutes } from './billing-routes';
import { resellerRoutes } from './route-table';

/** A reseller manages its own companies and filters; it holds no access keys (no reseller picker). */
const reseller: RoleAccess = { keys: [] };

/** Spec §2, reseller: companies and filters (the server scopes both to the reseller). */
export const accountsRoutes: RouteObject[] = [
  resourceRoutes(companyBundle, reseller, {
    ...companyPages,
    path: resellerRoutes.path('companies'),
    rowLinks: [{ label: 'Guards', to: (c) => `guards/${c.company_uuid}` }, ...companyBillingLinks],
    listLinks: [
      { label: 'Add manual payment', to: 'add-manual-payment' },
      { label: 'Transaction history', to: 'transaction-history' },
    ],
    extra: [
      ...companyBillingRoutes,
      { path: 'guards/:id', element: <CompanyGuardsPage />, handle: { title: 'Spend and destination guards' } },
    ],
  }),
  resourceRoutes(filterBundle, reseller, { ...filterPages, path: resellerRoutes.path('filters') }),
];
