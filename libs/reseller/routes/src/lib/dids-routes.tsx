import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { DID_ACCESS, DidImport, DidWebhooksPanel, KannelDidImport, didBundle, didPages } from '@smsc/resource-did';
import { resellerRoutes } from './route-table';

/** A reseller sees which of its companies holds a number and prices its own stock (the API scopes both). */
const reseller: RoleAccess = { keys: [DID_ACCESS.company, DID_ACCESS.provider] };

/** Spec §2, reseller: dids (all-dids, add-did, import-did, import (numbers of a Kannel link), edit-did/{id} with webhooks). */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(didBundle, reseller, {
    ...didPages,
    path: resellerRoutes.path('dids'),
    listLinks: [
      { label: 'Import DIDs', to: 'import-did' },
      { label: 'Import from Kannel', to: 'import' },
    ],
    editExtra: <DidWebhooksPanel />,
    extra: [
      { path: 'import-did', element: <DidImport />, handle: { title: 'Import DIDs' } },
      { path: 'import', element: <KannelDidImport />, handle: { title: 'Import from Kannel' } },
    ],
  }),
];
