import type { RouteObject } from 'react-router';
import { resourceRoutes, Divider, type RoleAccess } from '@smsc/shared-ui';
import {
  AssignedDids,
  DID_ACCESS,
  DidImport,
  DidImportLog,
  DidWebhooksPanel,
  KannelDidImport,
  NewCallFlow,
  didBundle,
  didPages,
} from '@smsc/resource-did';
import { systemAdminRoutes } from './route-table';

/** The system admin sees every owner of a number and edits its provider fields. */
const admin: RoleAccess = { keys: [DID_ACCESS.company, DID_ACCESS.reseller, DID_ACCESS.provider] };

/**
 * Spec §2, system admin: dids (all-dids, add-did, import-log, import-did, edit-did/{id} with the number's
 * webhooks, new-call-flow) and users/assigned-did/{id}.
 */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(didBundle, admin, {
    ...didPages,
    path: systemAdminRoutes.path('dids'),
    listLinks: [
      { label: 'Import DIDs', to: 'import-did' },
      { label: 'Import log', to: 'import-log' },
      { label: 'Suppressed numbers', to: 'all-suppressions' },
      { label: 'New call flow', to: 'new-call-flow' },
    ],
    editExtra: <DidWebhooksPanel />,
    extra: [
      {
        path: 'import-did',
        element: (
          <>
            <DidImport />
            <Divider>Or numbers carried by a Kannel SMSC link</Divider>
            <KannelDidImport />
          </>
        ),
        handle: { title: 'Import DIDs' },
      },
      { path: 'import-log', element: <DidImportLog />, handle: { title: 'Import log' } },
      { path: 'new-call-flow', element: <NewCallFlow />, handle: { title: 'Call flow' } },
    ],
  }),
  { path: systemAdminRoutes.path('usersAssignedDid'), element: <AssignedDids />, handle: { title: 'Assigned DIDs' } },
];
