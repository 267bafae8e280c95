import { Navigate, type RouteObject } from 'react-router';
import { ListPage, definitionFor, resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import {
  AssignedDids,
  BuyNumbers,
  DidKindSwitch,
  DidOwnerPanel,
  DidWebhooksPanel,
  companyDidBundle,
} from '@smsc/resource-did';
import { companyAdminRoutes } from './route-table';

// A company admin names its numbers; it does not delete them (it disconnects them on the edit page).
const companyAdmin: RoleAccess = { delete: false };
// Built once: lists key their URL state on the definition object.
const scoped = { ...companyDidBundle, definition: definitionFor(companyDidBundle.definition, companyAdmin.keys) };
const local = { is_toll_free: false } as const;
const tollFree = { is_toll_free: true } as const;
// both kinds one click apart on either list: the DIDs menu opens the local one
const kinds = (
  <DidKindSwitch
    localPath={companyAdminRoutes.to('didsAllDidLocalDid')}
    tollFreePath={companyAdminRoutes.to('didsAllDidTollFree')}
  />
);

/** Spec §2, company admin: dids → all-did → local-did and toll-free; buy-did, buy-tf-did, edit-did/{id}; users/assigned-did/{id}. */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(companyDidBundle, companyAdmin, {
    path: companyAdminRoutes.path('dids'),
    redirectTo: 'all-did',
    // the kit's edit page (back to all-did), then who holds the number and its webhooks
    edit: { path: 'edit-did/:id', title: 'Edit DID' },
    editExtra: (
      <>
        <DidOwnerPanel doneTo={companyAdminRoutes.to('didsAllDid')} />
        <DidWebhooksPanel />
      </>
    ),
    extra: [
      {
        path: 'all-did',
        children: [
          { index: true, element: <Navigate to="local-did" replace /> },
          {
            path: 'local-did',
            element: (
              <ListPage
                bundle={scoped}
                access={companyAdmin}
                createPath="buy-did"
                editPath="edit-did/:id"
                listArg={local}
                extra={kinds}
              />
            ),
            // the list's links resolve from the dids root, one level above this page's parent
            handle: { title: 'Local DIDs', links: ['../buy-did', '../edit-did/:id', 'toll-free'] },
          },
          {
            path: 'toll-free',
            element: (
              <ListPage
                bundle={scoped}
                access={companyAdmin}
                createPath="buy-tf-did"
                editPath="edit-did/:id"
                listArg={tollFree}
                extra={kinds}
              />
            ),
            handle: { title: 'Toll-free DIDs', links: ['../buy-tf-did', '../edit-did/:id', 'local-did'] },
          },
        ],
      },
      {
        path: 'buy-did',
        element: <BuyNumbers tollFree={false} doneTo={companyAdminRoutes.to('didsAllDidLocalDid')} />,
        handle: { title: 'Buy DID' },
      },
      {
        path: 'buy-tf-did',
        element: <BuyNumbers tollFree doneTo={companyAdminRoutes.to('didsAllDidTollFree')} />,
        handle: { title: 'Buy toll-free DID' },
      },
    ],
  }),
  { path: companyAdminRoutes.path('usersAssignedDid'), element: <AssignedDids />, handle: { title: 'Assigned DIDs' } },
];
