import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import { reviewRowActions, templateBundle, templatePages } from '@smsc/resource-template';
import { RecipientImport, recipientBundle, recipientPages } from '@smsc/resource-recipient';
import { companyAdminRoutes } from './route-table';

// A company admin writes its own templates (an edit of an approved one goes back for approval) and keeps its recipients.
const companyAdmin: RoleAccess = {};

/** Spec §2, company admin: templates (list, add, edit/{id}) and recipients (list, add, edit/{id}, import). */
export const contentRoutes: RouteObject[] = [
  resourceRoutes(templateBundle, companyAdmin, {
    ...templatePages,
    path: companyAdminRoutes.path('templates'),
    ...reviewRowActions(companyAdmin),
  }),
  resourceRoutes(recipientBundle, companyAdmin, {
    ...recipientPages,
    path: companyAdminRoutes.path('recipients'),
    listLinks: [{ label: 'Import recipients', to: 'import' }],
    extra: [{ path: 'import', element: <RecipientImport />, handle: { title: 'Import recipients' } }],
  }),
];
