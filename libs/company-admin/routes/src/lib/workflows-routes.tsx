import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import {
  reminderWorkflowBundle,
  reminderWorkflowPages,
  smsWorkflowBundle,
  smsWorkflowPages,
} from '@smsc/resource-workflow';
import { companyAdminRoutes } from './route-table';

const companyAdmin: RoleAccess = {};

/** Spec §2, company admin: sms-workflow and reminder-workflow (list, add, edit/{id}). */
export const workflowsRoutes: RouteObject[] = [
  resourceRoutes(smsWorkflowBundle, companyAdmin, {
    ...smsWorkflowPages,
    path: companyAdminRoutes.path('smsWorkflow'),
  }),
  resourceRoutes(reminderWorkflowBundle, companyAdmin, {
    ...reminderWorkflowPages,
    path: companyAdminRoutes.path('reminderWorkflow'),
  }),
];
