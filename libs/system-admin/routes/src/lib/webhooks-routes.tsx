import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { WEBHOOK_ACCESS, WebhookListExtra, WebhookPanel, webhookBundle, webhookPages } from '@smsc/resource-webhook';
import { systemAdminRoutes } from './route-table';

// The system admin manages every company's webhooks, picking the company of a new one.
const access: RoleAccess = { keys: [WEBHOOK_ACCESS.company] };

/** Webhooks: list, add, edit/{id} with the delivery log, a test event and secret rotation. */
export const webhooksRoutes: RouteObject[] = [
  resourceRoutes(webhookBundle, access, {
    ...webhookPages,
    path: systemAdminRoutes.path('webhooks'),
    listExtra: <WebhookListExtra chooseCompany />,
    editExtra: <WebhookPanel />,
  }),
];
