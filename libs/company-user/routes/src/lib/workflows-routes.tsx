import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import {
  reminderWorkflowBundle,
  smsWorkflowBundle,
  smsWorkflowPages,
  userReminderWorkflowPages,
} from '@smsc/resource-workflow';
import { companyUserRoutes } from './route-table';

// A company user keeps its company's workflows like its admin does (the same screens, its own paths).
const companyUser: RoleAccess = {};

/** Spec §2, company user: sms-workflow, and reminder-workflow (reminder-workflow-list, add-reminder-workflow, edit-reminder-workflow). */
export const workflowsRoutes: RouteObject[] = [
  resourceRoutes(smsWorkflowBundle, companyUser, { ...smsWorkflowPages, path: companyUserRoutes.path('smsWorkflow') }),
  resourceRoutes(reminderWorkflowBundle, companyUser, {
    ...userReminderWorkflowPages,
    path: companyUserRoutes.path('reminderWorkflow'),
  }),
];
