import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { AssignedDids, DID_ACCESS, DidImport, didBundle, didPages } from '@smsc/resource-did';

/** The system admin sees every owner of a number and edits its provider fields. */
const admin: RoleAccess = { keys: [DID_ACCESS.company, DID_ACCESS.reseller, DID_ACCESS.provider] };

/** Spec §2, system admin: dids (all-dids, add-did, import-did, edit-did/{id}) and users/assigned-did/{id}. */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(didBundle, admin, {
    ...didPages,
    extra: [{ path: 'import-did', element: <DidImport />, handle: { title: 'Import DIDs' } }],
  }),
  { path: 'users/assigned-did/:id', element: <AssignedDids />, handle: { title: 'Assigned DIDs' } },
];
