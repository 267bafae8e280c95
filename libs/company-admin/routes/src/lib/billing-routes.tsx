import type { RouteObject } from 'react-router';
import { resourceRoutes } from '@smsc/shared-ui';
import { PaymentGateway, PaymentResult, billingPages, invoiceRoutes, paymentBundle } from '@smsc/resource-billing';

const GATEWAY = '/company-admin/payment-gateway';

/** Spec §2, company admin: billing (its own company's invoices and payments), the card gateway and the checkout's return pages. */
export const billingRoutes: RouteObject[] = [
  resourceRoutes(paymentBundle, { create: false, delete: false, keys: [] }, {
    path: billingPages.path,
    redirectTo: billingPages.redirectTo,
    list: billingPages.list,
    // its own company's invoices; add-invoice asks for the company's invoice of a period (the server names the company)
    extra: invoiceRoutes({ keys: [] }),
  }),
  { path: 'payment-gateway', element: <PaymentGateway />, handle: { title: 'Payment gateway' } },
  { path: 'payment-success', element: <PaymentResult ok gatewayPath={GATEWAY} />, handle: { title: 'Payment successful' } },
  { path: 'payment-cancel', element: <PaymentResult ok={false} gatewayPath={GATEWAY} />, handle: { title: 'Payment cancelled' } },
];
