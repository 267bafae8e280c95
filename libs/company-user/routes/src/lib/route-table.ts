import { routeTable } from '@smsc/shared-util';

// The company user's screens, one row each (docs/client-architecture.md): the menu (rows with `menu`
// or `under`, in this order), the lazy areas (`area`: the chunk that holds the path and below), the spec
// routes the link walk and the e2e smoke visit (`spec`) and every link (`companyUserRoutes.to(key)`) come from here.
export const companyUserRoutes = routeTable('/company-user', {
  smsCenter: { path: 'sms-center', label: 'SMS center', menu: true, area: 'sms-center', also: [''], spec: true },
  smsLog: { path: 'sms-log', label: 'SMS log', menu: true, area: 'messaging' },
  smsLogIncoming: { path: 'sms-log/incoming', label: 'Incoming SMS', under: 'smsLog', spec: true },
  smsLogOutgoing: { path: 'sms-log/outgoing', label: 'Outgoing SMS', under: 'smsLog', spec: true },
  dids: { path: 'dids', label: 'DIDs', menu: true, area: 'dids', spec: true },
  smsWorkflow: { path: 'sms-workflow', label: 'SMS workflows', menu: true, area: 'workflows' },
  smsWorkflowList: { path: 'sms-workflow/list', spec: true },
  smsWorkflowAdd: { path: 'sms-workflow/add', spec: true },
  smsWorkflowEdit: { path: 'sms-workflow/edit/:id', spec: true },
  reminderWorkflow: { path: 'reminder-workflow', label: 'Reminder workflows', menu: true, area: 'workflows' },
  reminderWorkflowReminderWorkflowList: { path: 'reminder-workflow/reminder-workflow-list', spec: true },
  reminderWorkflowAddReminderWorkflow: { path: 'reminder-workflow/add-reminder-workflow', spec: true },
  reminderWorkflowEditReminderWorkflow: { path: 'reminder-workflow/edit-reminder-workflow/:id', spec: true },
  profile: { path: 'profile', label: 'Profile', menu: true, area: 'users', spec: true },
  profileEditCompanyInfo: { path: 'profile/edit-company-info/:id', spec: true },
});
