import { useMemo } from 'react';
import { useParams, type RouteObject } from 'react-router';
import { CreatePage, ListPage, definitionFor, type RoleAccess } from '@smsc/shared-ui';
import { invoiceBundle, invoicePages } from './invoice.resource';
import type { HistoryProps } from './billing-pages';

function useScopedInvoices(access: RoleAccess) {
  // Built once per role: lists key their URL state on the definition object.
  return useMemo(
    () => ({ ...invoiceBundle, definition: definitionFor(invoiceBundle.definition, access.keys) }),
    [access],
  );
}

function InvoiceList({ access }: { access: RoleAccess }) {
  const bundle = useScopedInvoices(access);
  const canCreate = access.create !== false;
  return (
    <ListPage
      bundle={bundle}
      access={{ ...access, delete: false }}
      createPath={canCreate ? invoicePages.create?.path : undefined}
    />
  );
}

function InvoiceCreate({ access }: { access: RoleAccess }) {
  return <CreatePage bundle={useScopedInvoices(access)} backTo={invoicePages.list?.path ?? 'invoices'} />;
}

/**
 * billing/invoices and billing/add-invoice for one role, as children of its billing root (which
 * the payment pages share). `create: false` leaves the list without the add button and route.
 */
export function invoiceRoutes(access: RoleAccess): RouteObject[] {
  const list = invoicePages.list ?? { path: 'invoices', title: 'Invoices' };
  const create = invoicePages.create ?? { path: 'add-invoice', title: 'Add invoice' };
  return [
    {
      path: list.path,
      element: <InvoiceList access={access} />,
      handle: { title: list.title, links: access.create === false ? [] : [create.path] },
    },
    ...(access.create === false
      ? []
      : [
          {
            path: create.path,
            element: <InvoiceCreate access={access} />,
            handle: { title: create.title, links: [list.path] },
          },
        ]),
  ];
}

/** invoice-history of one company or reseller (the :id route parameter). */
export function InvoiceHistory({ access, owner }: HistoryProps) {
  const id = useParams().id;
  const bundle = useScopedInvoices(access);
  const listArg = useMemo(() => (id ? { [`${owner}_uuid`]: id } : undefined), [id, owner]);
  return <ListPage bundle={bundle} access={{ ...access, create: false, delete: false }} listArg={listArg} />;
}
