import type { RouteObject } from 'react-router';
import { NotAvailable, resourceRoutes } from '@smsc/shared-ui';
import { PaymentGateway, PaymentResult, billingPages, paymentBundle } from '@smsc/resource-billing';

const GATEWAY = '/company-admin/payment-gateway';

/** Spec §2, company admin: billing (its own company's payments), the card gateway and the checkout's return pages. */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(paymentBundle, { create: false, delete: false, keys: [] }, {
    path: billingPages.path,
    redirectTo: billingPages.redirectTo,
    list: billingPages.list,
    extra: [
      { path: 'invoices', element: <NotAvailable label="Invoices" />, handle: { title: 'Invoices' } },
      { path: 'add-invoice', element: <NotAvailable label="Add invoice" />, handle: { title: 'Add invoice' } },
    ],
  }),
  { path: 'payment-gateway', element: <PaymentGateway />, handle: { title: 'Payment gateway' } },
  { path: 'payment-success', element: <PaymentResult ok gatewayPath={GATEWAY} />, handle: { title: 'Payment successful' } },
  { path: 'payment-cancel', element: <PaymentResult ok={false} gatewayPath={GATEWAY} />, handle: { title: 'Payment cancelled' } },
];
