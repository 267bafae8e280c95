import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { smscBundle, smscPages } from '@smsc/resource-smsc';
import { systemAdminRoutes } from './route-table';

const admin: RoleAccess = { keys: [] };

/** Spec §2, system admin smsc-connection: smsc-connection/list (with Restart gateway), add-smsc-connection, edit-smsc-connection/{id}. */
export const smscRoutes: RouteObject[] = [
  resourceRoutes(smscBundle, admin, { ...smscPages(), path: systemAdminRoutes.path('smscConnection') }),
];
