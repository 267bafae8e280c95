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

// A company admin names its numbers; it does not delete them (it disconnects them on the edit page).
const companyAdmin: RoleAccess = { delete: false };
const BASE = '/company-admin/dids';
// Built once: lists key their URL state on the definition object.
const scoped = { ...companyDidBundle, definition: definitionFor(companyDidBundle.definition, companyAdmin.keys) };
const local = { is_toll_free: false } as const;
const tollFree = { is_toll_free: true } as const;
// both kinds one click apart on either list: the DIDs menu opens the local one
const kinds = <DidKindSwitch localPath={`${BASE}/all-did/local-did`} tollFreePath={`${BASE}/all-did/toll-free`} />;

/** Spec §2, company admin: dids → all-did → local-did and toll-free; buy-did, buy-tf-did, edit-did/{id}; users/assigned-did/{id}. */
export const didsRoutes: RouteObject[] = [
  resourceRoutes(companyDidBundle, companyAdmin, {
    path: 'dids',
    redirectTo: 'all-did',
    // the kit's edit page (back to all-did), then who holds the number and its webhooks
    edit: { path: 'edit-did/:id', title: 'Edit DID' },
    editExtra: (
      <>
        <DidOwnerPanel doneTo={`${BASE}/all-did`} />
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
        element: <BuyNumbers tollFree={false} doneTo={`${BASE}/all-did/local-did`} />,
        handle: { title: 'Buy DID' },
      },
      {
        path: 'buy-tf-did',
        element: <BuyNumbers tollFree doneTo={`${BASE}/all-did/toll-free`} />,
        handle: { title: 'Buy toll-free DID' },
      },
    ],
  }),
  { path: 'users/assigned-did/:id', element: <AssignedDids />, handle: { title: 'Assigned DIDs' } },
];
