import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { companyBundle } from '@smsc/resource-company';
import { filterBundle } from '@smsc/resource-filter';

/** A reseller manages its own companies and filters; it holds no access keys (no reseller picker). */
const reseller: RoleAccess = { keys: [] };

/** Spec §2, reseller: companies and filters (the server scopes both to the reseller). */
export const accountsRoutes: RouteObject[] = [
  resourceRoutes(companyBundle, reseller, {
    path: 'companies',
    redirectTo: 'company-list',
    list: { path: 'company-list', title: 'Company list' },
    create: { path: 'add-company', title: 'Add company' },
    edit: { path: 'edit-company/:id', title: 'Edit company' },
  }),
  resourceRoutes(filterBundle, reseller, {
    path: 'filters',
    redirectTo: 'filter-list',
    list: { path: 'filter-list', title: 'Filter list' },
    create: { path: 'add-filter', title: 'Add filter' },
    edit: { path: 'edit-filter/:id', title: 'Edit filter' },
  }),
];
