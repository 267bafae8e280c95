import type { MenuEntry } from '@smsc/shared-ui';

// docs/spec.md §2, company admin; the card-checkout return pages (payment-success, payment-cancel) are not menu entries
export const companyAdminMenu: MenuEntry[] = [
  // the root redirects to its daily-usage child; the weekly page belongs to the same dashboard
  {
    path: '',
    label: 'Dashboard',
    children: [
      { path: 'daily-usage', label: 'Daily usage' },
      { path: 'weekly-usage', label: 'Weekly usage' },
    ],
  },
  { path: 'sms-center', label: 'SMS center' },
  // issue 45: one bulk area (the spec's two, "Bulk sending" and "Bulk", listed the same bulks twice); the routes
  // keep their spec paths, and bulk-sending/history (the sent bulk's link) selects the one list's entry
  {
    path: 'bulk',
    label: 'Bulk',
    children: [
      { path: 'bulk-sending/send', label: 'Send a bulk' },
      { path: 'bulk/auto-substitute', label: 'Auto-substitute' },
      { path: 'bulk/bulk-sms', label: 'Bulk SMS' },
      { path: 'bulk/bulk-report', label: 'Bulk report', also: ['bulk-sending/history'] },
    ],
  },
  { path: 'payment-gateway', label: 'Payment gateway' },
  // not in the spec's menu: the company's SMPP accounts and their live binds
  { path: 'smpp-accounts', label: 'SMPP accounts' },
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
  { path: 'webhooks', label: 'Webhooks' },
  // sender registrations: 10DLC, toll-free verification, sender IDs (docs/compliance.md)
  { path: 'compliance', label: 'Compliance' },
  // a person's request to export or erase what is held about their number (docs/privacy.md)
  { path: 'privacy', label: 'Privacy requests' },
  // issue 49: changes to the company's SMS prices, each with its date and rows
  { path: 'price-notices', label: 'Price notices' },
  // keys for programs (send, read, manage), not hidden under the profile
  { path: 'api-keys', label: 'API keys' },
  // the paths are spelled as the routes carry them (docs/spec.md §2); the labels are not
  {
    path: 'campaings',
    label: 'Campaigns',
    children: [
      { path: 'campaings/all-campaings', label: 'All campaigns' },
      { path: 'campaings/dashboard', label: 'Campaign dashboard' },
      { path: 'campaings/keyword-manager', label: 'Keywords' },
      { path: 'campaings/ani-group', label: 'ANI groups' },
      // issue 52: STOP/HELP/START per language, the opt-out scope, the campaign limit, consent history
      { path: 'campaings/opt-outs', label: 'Opt-outs' },
      { path: 'campaings/suppressions', label: 'Suppressed numbers', also: ['campaings/add-suppression'] },
    ],
  },
  {
    path: 'billing',
    label: 'Billing',
    children: [
      { path: 'billing/invoices', label: 'Invoices' },
      { path: 'billing/payment', label: 'Payments' },
      { path: 'billing/transactions', label: 'Transactions' },
    ],
  },
  {
    path: 'sms-log',
    label: 'SMS log',
    children: [
      { path: 'sms-log/incoming', label: 'Incoming SMS' },
      { path: 'sms-log/outgoing', label: 'Outgoing SMS' },
    ],
  },
  {
    path: 'dids',
    label: 'DIDs',
    children: [
      { path: 'dids/all-did/local-did', label: 'Local DIDs' },
      { path: 'dids/all-did/toll-free', label: 'Toll-free DIDs' },
    ],
  },
  {
    path: 'profile',
    label: 'Profile',
    children: [
      { path: 'profile/company-info', label: 'Company info' },
      // spend limits (only lower), the low-balance alert, allowed countries with prices
      { path: 'profile/guards', label: 'Spend and destinations' },
      // the own name, password and two-factor sign-in
      { path: 'profile/admin-contact', label: 'Password and two-factor' },
    ],
  },
];
