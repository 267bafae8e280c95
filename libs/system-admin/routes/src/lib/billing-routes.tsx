import { Navigate, type RouteObject } from 'react-router';
import { CreatePage, NotAvailable, ResourceRoot, definitionFor, resourceRoutes, type RoleAccess, type RowLink } from '@smsc/shared-ui';
import type { Company, Reseller } from '@smsc/shared-contract';
import { BILLING_ACCESS, PaymentHistory, TransactionHistory, billingPages, paymentBundle } from '@smsc/resource-billing';

/** The system admin bills direct companies and resellers, and sees every account's payments and ledger. */
const admin: RoleAccess = { keys: [BILLING_ACCESS.admin] };
const scopedPayments = { ...paymentBundle, definition: definitionFor(paymentBundle.definition, admin.keys) };
const invoicesLater = (path: string, title: string): RouteObject => ({ path, element: <NotAvailable label={title} />, handle: { title } });

/** Spec §2: billing (invoices, add-invoice, payment, add-payment) and balance-log (list). */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(paymentBundle, { ...admin, delete: false }, { ...billingPages, extra: [invoicesLater('invoices', 'Invoices'), invoicesLater('add-invoice', 'Add invoice')] }),
  {
    path: 'balance-log',
    element: <ResourceRoot />,
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      { path: 'list', element: <TransactionHistory access={admin} owner="company" />, handle: { title: 'Balance log' } },
    ],
  },
];

/** Billing children of /system-admin/companies (spec §2), mounted by accounts-routes. */
export const companyBillingRoutes: RouteObject[] = [
  { path: 'add-manual-payment', element: <CreatePage bundle={scopedPayments} backTo="company-list" />, handle: { title: 'Add manual payment' } },
  invoicesLater(':id/invoice-history/:title', 'Invoice history'),
  { path: ':id/payment-history/:title', element: <PaymentHistory access={admin} owner="company" />, handle: { title: 'Payment history' } },
  { path: 'transaction-history/:id', element: <TransactionHistory access={admin} owner="company" />, handle: { title: 'Transaction history' } },
];
export const companyBillingLinks: RowLink<Company>[] = [
  { label: 'Payments', to: (c) => `${c.company_uuid}/payment-history/${encodeURIComponent(c.company_name)}` },
  { label: 'Transactions', to: (c) => `transaction-history/${c.company_uuid}` },
];

/** Billing children of /system-admin/resellers: a reseller's own account (spec writes transaction-history{id}; a path segment here). */
export const resellerBillingRoutes: RouteObject[] = [
  { path: 'add-manual-payment', element: <CreatePage bundle={scopedPayments} backTo="resellers-list" />, handle: { title: 'Add manual payment' } },
  invoicesLater('invoice-history/:id', 'Invoice history'),
  { path: 'payment-history/:id', element: <PaymentHistory access={admin} owner="reseller" />, handle: { title: 'Payment history' } },
  { path: 'transaction-history/:id', element: <TransactionHistory access={admin} owner="reseller" />, handle: { title: 'Transaction history' } },
];
export const resellerBillingLinks: RowLink<Reseller>[] = [
  { label: 'Payments', to: (r) => `payment-history/${r.reseller_uuid}` },
  { label: 'Transactions', to: (r) => `transaction-history/${r.reseller_uuid}` },
];
