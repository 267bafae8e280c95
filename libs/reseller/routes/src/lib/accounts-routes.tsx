import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { companyBundle, companyPages } from '@smsc/resource-company';
import { filterBundle, filterPages } from '@smsc/resource-filter';

/** A reseller manages its own companies and filters; it holds no access keys (no reseller picker). */
const reseller: RoleAccess = { keys: [] };

/** Spec §2, reseller: companies and filters (the server scopes both to the reseller). */
export const accountsRoutes: RouteObject[] = [
  resourceRoutes(companyBundle, reseller, companyPages),
  resourceRoutes(filterBundle, reseller, filterPages),
];
