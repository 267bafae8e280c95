import type { RouteObject } from 'react-router';
import { CreatePage, definitionFor, resourceRoutes, type RoleAccess, type RowLink } from '@smsc/shared-ui';
import type { Company } from '@smsc/shared-contract';
import {
  BILLING_ACCESS,
  InvoiceHistory,
  PaymentGateway,
  PaymentHistory,
  TransactionHistory,
  billingPages,
  invoiceRoutes,
  paymentBundle,
} from '@smsc/resource-billing';
import { resellerRoutes } from './route-table';

/** A reseller bills its own companies (the server scopes every list and refuses other companies). */
const reseller: RoleAccess = { keys: [BILLING_ACCESS.reseller] };
const scopedPayments = { ...paymentBundle, definition: definitionFor(paymentBundle.definition, reseller.keys) };

/** Spec §2, reseller: billing (invoices, add-invoice, payment, add-payment) and payment/gateway. */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(
    paymentBundle,
    { ...reseller, delete: false },
    { ...billingPages, path: resellerRoutes.path('billing'), extra: invoiceRoutes(reseller) },
  ),
  { path: resellerRoutes.path('paymentGateway'), element: <PaymentGateway />, handle: { title: 'Payment gateway' } },
];

/** Billing children of /reseller/companies (docs/spec.md §2), mounted by accounts-routes. */
export const companyBillingRoutes: RouteObject[] = [
  {
    path: ':id/invoice-history',
    element: <InvoiceHistory access={reseller} owner="company" />,
    handle: { title: 'Invoice history' },
  },
  {
    path: ':id/payment-history',
    element: <PaymentHistory access={reseller} owner="company" />,
    handle: { title: 'Payment history' },
  },
  {
    path: 'transaction-history',
    element: <TransactionHistory access={reseller} owner="company" />,
    handle: { title: 'Transaction history' },
  },
  {
    path: 'add-manual-payment',
    element: <CreatePage bundle={scopedPayments} backTo="company-list" />,
    handle: { title: 'Add manual payment' },
  },
];
export const companyBillingLinks: RowLink<Company>[] = [
  { label: 'Invoices', to: (c) => `${c.company_uuid}/invoice-history` },
  { label: 'Payments', to: (c) => `${c.company_uuid}/payment-history` },
];
