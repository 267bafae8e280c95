import { Navigate, type RouteObject } from 'react-router';
import {
  CreatePage,
  ResourceRoot,
  definitionFor,
  resourceRoutes,
  type RoleAccess,
  type RowLink,
} from '@smsc/shared-ui';
import type { Company, Reseller } from '@smsc/shared-contract';
import {
  BILLING_ACCESS,
  InvoiceHistory,
  PaymentHistory,
  TransactionHistory,
  billingPages,
  invoiceRoutes,
  paymentBundle,
} from '@smsc/resource-billing';
import { systemAdminRoutes } from './route-table';

/** The system admin bills direct companies and resellers, and sees every account's payments and ledger. */
const admin: RoleAccess = { keys: [BILLING_ACCESS.admin] };
const scopedPayments = { ...paymentBundle, definition: definitionFor(paymentBundle.definition, admin.keys) };

/** Spec §2: billing (invoices, add-invoice, payment, add-payment) and balance-log (list). */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(
    paymentBundle,
    { ...admin, delete: false },
    { ...billingPages, path: systemAdminRoutes.path('billing'), extra: invoiceRoutes(admin) },
  ),
  {
    path: systemAdminRoutes.path('balanceLog'),
    element: <ResourceRoot />,
    children: [
      { index: true, element: <Navigate to="list" replace /> },
      {
        path: 'list',
        element: <TransactionHistory access={admin} owner="company" />,
        handle: { title: 'Balance log' },
      },
    ],
  },
];

/** Billing children of /system-admin/companies (docs/spec.md §2), mounted by accounts-routes. */
export const companyBillingRoutes: RouteObject[] = [
  {
    path: 'add-manual-payment',
    element: <CreatePage bundle={scopedPayments} backTo="company-list" />,
    handle: { title: 'Add manual payment' },
  },
  {
    path: ':id/invoice-history/:title',
    element: <InvoiceHistory access={admin} owner="company" />,
    handle: { title: 'Invoice history' },
  },
  {
    path: ':id/payment-history/:title',
    element: <PaymentHistory access={admin} owner="company" />,
    handle: { title: 'Payment history' },
  },
  {
    path: 'transaction-history/:id',
    element: <TransactionHistory access={admin} owner="company" />,
    handle: { title: 'Transaction history' },
  },
];
export const companyBillingLinks: RowLink<Company>[] = [
  { label: 'Invoices', to: (c) => `${c.company_uuid}/invoice-history/${encodeURIComponent(c.company_name)}` },
  { label: 'Payments', to: (c) => `${c.company_uuid}/payment-history/${encodeURIComponent(c.company_name)}` },
  { label: 'Transactions', to: (c) => `transaction-history/${c.company_uuid}` },
];

/** Billing children of /system-admin/resellers: a reseller's own account (spec writes transaction-history{id}; a path segment here). */
export const resellerBillingRoutes: RouteObject[] = [
  {
    path: 'add-manual-payment',
    element: <CreatePage bundle={scopedPayments} backTo="resellers-list" />,
    handle: { title: 'Add manual payment' },
  },
  {
    path: 'invoice-history/:id',
    element: <InvoiceHistory access={admin} owner="reseller" />,
    handle: { title: 'Invoice history' },
  },
  {
    path: 'payment-history/:id',
    element: <PaymentHistory access={admin} owner="reseller" />,
    handle: { title: 'Payment history' },
  },
  {
    path: 'transaction-history/:id',
    element: <TransactionHistory access={admin} owner="reseller" />,
    handle: { title: 'Transaction history' },
  },
];
export const resellerBillingLinks: RowLink<Reseller>[] = [
  { label: 'Invoices', to: (r) => `invoice-history/${r.reseller_uuid}` },
  { label: 'Payments', to: (r) => `payment-history/${r.reseller_uuid}` },
  { label: 'Transactions', to: (r) => `transaction-history/${r.reseller_uuid}` },
];
