import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { TEMPLATE_ACCESS, reviewRowActions, templateApprovalPages, templateBundle } from '@smsc/resource-template';
import { resellerRoutes } from './route-table';

/** A reseller reviews its companies' templates and writes templates for them (approved from the start). */
const reseller: RoleAccess = { keys: [TEMPLATE_ACCESS.company, TEMPLATE_ACCESS.review] };

/** Spec §2, reseller: template-approval (template-approval-list, add-template, edit/{id}). */
export const templateRoutes: RouteObject[] = [
  resourceRoutes(templateBundle, reseller, {
    ...templateApprovalPages,
    path: resellerRoutes.path('templateApproval'),
    ...reviewRowActions(reseller),
  }),
];
