import type { RouteObject } from 'react-router';
import { resourceRoutes, type RoleAccess } from '@smsc/shared-ui';
import {
  reminderWorkflowBundle,
  reminderWorkflowPages,
  smsWorkflowBundle,
  smsWorkflowPages,
} from '@smsc/resource-workflow';

const companyAdmin: RoleAccess = {};

/** Spec §2, company admin: sms-workflow and reminder-workflow (list, add, edit/{id}). */
export const workflowsRoutes: RouteObject[] = [
  resourceRoutes(smsWorkflowBundle, companyAdmin, smsWorkflowPages),
  resourceRoutes(reminderWorkflowBundle, companyAdmin, reminderWorkflowPages),
];
