import type { RouteObject } from 'react-router';
import { resourceRoutes } from '@smsc/shared-ui';
import {
  PaymentGateway,
  PaymentResult,
  TransactionHistory,
  billingPages,
  invoiceRoutes,
  paymentBundle,
} from '@smsc/resource-billing';
import { companyAdminRoutes } from './route-table';

const GATEWAY = companyAdminRoutes.to('paymentGateway');

/** Spec §2, company admin: billing (its own company's invoices and payments), the card gateway and the checkout's return pages. */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(
    paymentBundle,
    { create: false, delete: false, keys: [] },
    {
      path: companyAdminRoutes.path('billing'),
      redirectTo: billingPages.redirectTo,
      list: billingPages.list,
      // its own company's invoices, read only: its biller issues them (no New invoice, no Company filter)
      extra: invoiceRoutes({ keys: [], create: false }),
    },
  ),
  {
    path: companyAdminRoutes.path('paymentGateway'),
    element: <PaymentGateway />,
    handle: { title: 'Payment gateway' },
  },
  // its own ledger: charges, refunds, payments and fees, with the balance and what is held for messages in flight
  {
    path: companyAdminRoutes.path('billingTransactions'),
    element: <TransactionHistory access={{ keys: [] }} owner="company" own />,
    handle: { title: 'Transactions' },
  },
  {
    path: companyAdminRoutes.path('paymentSuccess'),
    element: <PaymentResult ok gatewayPath={GATEWAY} />,
    handle: { title: 'Payment successful' },
  },
  {
    path: companyAdminRoutes.path('paymentCancel'),
    element: <PaymentResult ok={false} gatewayPath={GATEWAY} />,
    handle: { title: 'Payment cancelled' },
  },
];
