import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { TEMPLATE_ACCESS, reviewRowActions, templateApprovalPages, templateBundle } from '@smsc/resource-template';
import { systemAdminRoutes } from './route-table';

/** The system admin reviews every company's templates; docs/spec.md §2 gives it no edit page. */
const admin: RoleAccess = { keys: [TEMPLATE_ACCESS.company, TEMPLATE_ACCESS.review], edit: false };
const { edit: _noEdit, ...pages } = templateApprovalPages;

/** Spec §2, system admin: template-approval (template-approval-list, add-template). */
export const templateRoutes: RouteObject[] = [
  resourceRoutes(templateBundle, admin, {
    ...pages,
    path: systemAdminRoutes.path('templateApproval'),
    ...reviewRowActions(admin),
  }),
];
