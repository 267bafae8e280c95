import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { WebhookListExtra, WebhookPanel, webhookBundle, webhookPages } from '@smsc/resource-webhook';
import { companyAdminRoutes } from './route-table';

// A company admin manages its own company's webhooks.
const access: RoleAccess = {};

/** Webhooks: list, add, edit/{id} with the delivery log, a test event and secret rotation. */
export const webhooksRoutes: RouteObject[] = [
  resourceRoutes(webhookBundle, access, {
    ...webhookPages,
    path: companyAdminRoutes.path('webhooks'),
    listExtra: <WebhookListExtra />,
    editExtra: <WebhookPanel />,
  }),
];
