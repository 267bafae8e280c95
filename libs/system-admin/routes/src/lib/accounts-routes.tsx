import { useMemo } from 'react';
import { Link, useParams, type RouteObject } from 'react-router';
import { Card, ListPage, definitionFor, resourceRoutes, Space, type RoleAccess } from '@smsc/shared-ui';
import { COMPANY_ACCESS, CompanyGuardsPage, companyBundle, companyPages } from '@smsc/resource-company';
import { ResellerImport, ResellerTeam, resellerBundle } from '@smsc/resource-reseller';
import { paymentTermBundle, useGetPaymentTermQuery } from '@smsc/resource-payment-term';
import { FILTER_ACCESS, filterBundle, filterPages } from '@smsc/resource-filter';
import {
  companyBillingLinks,
  companyBillingRoutes,
  resellerBillingLinks,
  resellerBillingRoutes,
} from './billing-routes';
import { systemAdminRoutes } from './route-table';

/** The system admin holds every access key of these resources (docs/spec.md §6: the full management set). */
const admin: RoleAccess = {
  keys: [COMPANY_ACCESS.reseller, COMPANY_ACCESS.createdByAdmin, COMPANY_ACCESS.retention, FILTER_ACCESS.owner],
};

// Built once: lists key their URL state on the definition object.
const termCompanies = { ...companyBundle, definition: definitionFor(companyBundle.definition, admin.keys) };

/** payment-term/{id}/companies: the companies on one payment term, linking to their edit pages. */
function PaymentTermCompanies() {
  const id = useParams().id ?? '';
  const term = useGetPaymentTermQuery(id);
  const listArg = useMemo(() => ({ payment_term_uuid: id }), [id]);
  return (
    <ListPage
      bundle={termCompanies}
      access={{ ...admin, create: false, delete: false }}
      editPath={systemAdminRoutes.pattern('companiesEditCompany')}
      listArg={listArg}
      extra={term.data && <p data-testid="payment-term-name">Companies on the payment term {term.data.name}</p>}
    />
  );
}

/**
 * reseller/:id: under its details, the reseller's brand (the system admin opens and edits it on the Brand screen)
 * and its logins (the system admin adds, changes and removes them).
 */
function ResellerTeamOfDetails() {
  const id = useParams().id ?? '';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card size="small" title="Brand">
        <Link to={`${systemAdminRoutes.to('brand')}?reseller=${id}`}>Open the reseller's brand</Link>
      </Card>
      <ResellerTeam reseller={id} />
    </Space>
  );
}

/** Spec §2, system admin: companies, resellers, payment terms and filters. */
export const accountsRoutes: RouteObject[] = [
  resourceRoutes(companyBundle, admin, {
    ...companyPages,
    path: systemAdminRoutes.path('companies'),
    rowLinks: [
      { label: 'Accounts', to: (c) => `company-accounts/${c.company_uuid}` },
      { label: 'Guards', to: (c) => `guards/${c.company_uuid}` },
      ...companyBillingLinks,
    ],
    listLinks: [{ label: 'Add manual payment', to: 'add-manual-payment' }],
    extra: [
      ...companyBillingRoutes,
      { path: 'guards/:id', element: <CompanyGuardsPage />, handle: { title: 'Spend and destination guards' } },
    ],
  }),
  resourceRoutes(resellerBundle, admin, {
    path: systemAdminRoutes.path('resellers'),
    redirectTo: 'resellers-list',
    list: { path: 'resellers-list', title: 'Resellers list' },
    details: { path: 'reseller/:id', title: 'Reseller details' },
    detailsExtra: <ResellerTeamOfDetails />,
    create: { path: 'add-reseller', title: 'Add reseller' },
    edit: { path: 'edit-reseller/:id', title: 'Edit reseller' },
    listLinks: [{ label: 'Add manual payment', to: 'add-manual-payment' }],
    listExtra: <ResellerImport />,
    rowLinks: resellerBillingLinks,
    extra: resellerBillingRoutes,
  }),
  resourceRoutes(paymentTermBundle, admin, {
    path: systemAdminRoutes.path('paymentTerm'),
    redirectTo: 'list',
    list: { path: 'list', title: 'Payment terms' },
    create: { path: 'add', title: 'Add payment term' },
    edit: { path: 'edit/:id', title: 'Edit payment term' },
    rowLinks: [{ label: 'Companies', to: (p) => `${p.payment_term_uuid}/companies` }],
    extra: [{ path: ':id/companies', element: <PaymentTermCompanies />, handle: { title: 'Payment term companies' } }],
  }),
  resourceRoutes(filterBundle, admin, { ...filterPages, path: systemAdminRoutes.path('filters') }),
];
