// The company user's screens as the product spec lists them (section 2), relative to /company-user;
// plain data (no React), read by the link-walk test and the e2e route smoke.
export const companyUserSpecRoutes: readonly string[] = [
  'sms-center',
  'profile',
  'profile/edit-company-info/:id',
  'sms-log/incoming',
  'sms-log/outgoing',
  'dids',
  'sms-workflow/list',
  'sms-workflow/add',
  'sms-workflow/edit/:id',
  'reminder-workflow/reminder-workflow-list',
  'reminder-workflow/add-reminder-workflow',
  'reminder-workflow/edit-reminder-workflow/:id',
];
