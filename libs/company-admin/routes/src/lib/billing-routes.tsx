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

const GATEWAY = '/company-admin/payment-gateway';

/** Spec §2, company admin: billing (its own company's invoices and payments), the card gateway and the checkout's return pages. */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(
    paymentBundle,
    { create: false, delete: false, keys: [] },
    {
      path: billingPages.path,
      redirectTo: billingPages.redirectTo,
      list: billingPages.list,
      // its own company's invoices, read only: its biller issues them (no New invoice, no Company filter)
      extra: invoiceRoutes({ keys: [], create: false }),
    },
  ),
  { path: 'payment-gateway', element: <PaymentGateway />, handle: { title: 'Payment gateway' } },
  // its own ledger: charges, refunds, payments and fees, with the balance and what is held for messages in flight
  {
    path: 'billing/transactions',
    element: <TransactionHistory access={{ keys: [] }} owner="company" own />,
    handle: { title: 'Transactions' },
  },
  {
    path: 'payment-success',
    element: <PaymentResult ok gatewayPath={GATEWAY} />,
    handle: { title: 'Payment successful' },
  },
  {
    path: 'payment-cancel',
    element: <PaymentResult ok={false} gatewayPath={GATEWAY} />,
    handle: { title: 'Payment cancelled' },
  },
];
