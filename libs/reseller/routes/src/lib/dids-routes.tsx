import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { DID_ACCESS, DidImport, didBundle, didPages } from '@smsc/resource-did';

/** A reseller sees which of its companies holds a number and prices its own stock (the API scopes both). */
const reseller: RoleAccess = { keys: [DID_ACCESS.company, DID_ACCESS.provider] };

/** Spec §2, reseller: dids (all-dids, add-did, import-did, edit-did/{id}). */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(didBundle, reseller, {
    ...didPages,
    extra: [{ path: 'import-did', element: <DidImport />, handle: { title: 'Import DIDs' } }],
  }),
];
