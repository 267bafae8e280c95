import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { WEBHOOK_ACCESS, WebhookListExtra, WebhookPanel, webhookBundle, webhookPages } from '@smsc/resource-webhook';
import { resellerRoutes } from './route-table';

// A reseller manages its companies' webhooks, picking the company of a new one.
const access: RoleAccess = { keys: [WEBHOOK_ACCESS.company] };

/** Webhooks: list, add, edit/{id} with the delivery log, a test event and secret rotation. */
export const webhooksRoutes: RouteObject[] = [
  resourceRoutes(webhookBundle, access, {
    ...webhookPages,
    path: resellerRoutes.path('webhooks'),
    listExtra: <WebhookListExtra chooseCompany />,
    editExtra: <WebhookPanel />,
  }),
];
