import type { MenuEntry } from '@smsc/shared-ui';

// spec §2, company admin; the card-checkout return pages (payment-success, payment-cancel) are not menu entries
export const companyAdminMenu: MenuEntry[] = [
  // the root redirects to its daily-usage child; the weekly page belongs to the same dashboard
  { path: '', label: 'Dashboard', also: ['daily-usage', 'weekly-usage'] },
  { path: 'sms-center', label: 'SMS center' },
  { path: 'bulk-sending', label: 'Bulk sending' },
  { path: 'payment-gateway', label: 'Payment gateway' },
  { path: 'users', label: 'Users' },
  { path: 'templates', label: 'Templates' },
  { path: 'sms-workflow', label: 'SMS workflows' },
  {
    path: 'reporting',
    label: 'Reporting',
    children: [
      { path: 'reporting/number', label: 'Number report' },
      { path: 'reporting/destination', label: 'Destination report' },
      { path: 'reporting/usage-report', label: 'Usage report' },
    ],
  },
  { path: 'reminder-workflow', label: 'Reminder workflows' },
  { path: 'recipients', label: 'Recipients' },
  { path: 'bulk', label: 'Bulk' },
  // spelled as the routes carry it (spec §2)
  { path: 'campaings', label: 'Campaigns' },
  { path: 'billing', label: 'Billing' },
  {
    path: 'sms-log',
    label: 'SMS log',
    children: [
      { path: 'sms-log/incoming', label: 'Incoming SMS' },
      { path: 'sms-log/outgoing', label: 'Outgoing SMS' },
    ],
  },
  { path: 'dids', label: 'DIDs' },
  { path: 'profile', label: 'Profile' },
];
