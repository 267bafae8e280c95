import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { companyDidBundle } from '@smsc/resource-did';
import { companyUserRoutes } from './route-table';

// A company user reads the numbers assigned to it (the API answers only those).
const user: RoleAccess = { create: false, edit: false, delete: false };

/** Spec §2, company user: dids. */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(companyDidBundle, user, { path: companyUserRoutes.path('dids'), list: { path: '', title: 'DIDs' } }),
];
