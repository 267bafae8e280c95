import type { MenuEntry } from '@smsc/shared-ui';

// docs/spec.md §2, system admin: one entry per area, in the spec's order
export const systemAdminMenu: MenuEntry[] = [
  { path: '', label: 'Dashboard' },
  {
    path: 'reporting',
    label: 'Reporting',
    children: [
      { path: 'reporting/number', label: 'Number report' },
      { path: 'reporting/destination', label: 'Destination report' },
      { path: 'reporting/usage', label: 'Usage report' },
      { path: 'reporting/all-client-vendor', label: 'All clients and vendors' },
      { path: 'reporting/specific-clients', label: 'Specific clients' },
      { path: 'reporting/specific-vendors', label: 'Specific vendors' },
      { path: 'reporting/specific-client-vendor', label: 'Specific client and vendor' },
      { path: 'reporting/expand-into-users', label: 'Expand into users' },
    ],
  },
  {
    path: 'product',
    label: 'Products',
    children: [
      { path: 'product/sms-routes', label: 'SMS routes' },
      { path: 'product/sms-pricing', label: 'SMS pricing' },
      { path: 'product/rate-table', label: 'Rate tables' },
      // issue 49: deck imports waiting for approval, their diff and margin impact, and their history
      { path: 'product/rate-changes', label: 'Rate changes' },
      // not in the spec's screens: where routings (vendors, fallbacks, pinned routes) are made
      { path: 'product/routing', label: 'Routings' },
      // issue 49 item 4: delivery measured per vendor product × country; demotions, floors and pins
      { path: 'product/route-quality', label: 'Route quality' },
      // issue 45: the plan (product) self-registered companies get
      { path: 'product/signup-plan', label: 'Sign-up plan' },
    ],
  },
  { path: 'balance-log', label: 'Balance log' },
  { path: 'companies', label: 'Companies' },
  { path: 'resellers', label: 'Resellers' },
  { path: 'users', label: 'Users' },
  { path: 'template-approval', label: 'Template approval' },
  {
    path: 'billing',
    label: 'Billing',
    children: [
      { path: 'billing/invoices', label: 'Invoices' },
      { path: 'billing/payment', label: 'Payments' },
    ],
  },
  { path: 'dids', label: 'DIDs' },
  { path: 'vendor', label: 'Vendors' },
  { path: 'smsc-connection', label: 'SMSC connections' },
  // not in the spec's menu: the companies' SMPP accounts and their live binds
  { path: 'smpp-accounts', label: 'SMPP accounts' },
  { path: 'filters', label: 'Filters' },
  { path: 'payment-term', label: 'Payment terms' },
  {
    path: 'sms-log',
    label: 'SMS log',
    children: [
      { path: 'sms-log/incoming', label: 'Incoming SMS' },
      { path: 'sms-log/outgoing', label: 'Outgoing SMS' },
      // issue 51: how long messages and their bodies are kept, the retention passes and their archive files
      { path: 'sms-log/retention', label: 'Message retention' },
    ],
  },
  { path: 'ani-group', label: 'ANI groups' },
  { path: 'webhooks', label: 'Webhooks' },
  // sender registrations: 10DLC, toll-free verification, sender IDs (docs/compliance.md)
  { path: 'compliance', label: 'Compliance' },
  // a person's request to export or erase what is held about their number (docs/privacy.md)
  { path: 'privacy', label: 'Privacy requests' },
  {
    path: 'bulk',
    label: 'Bulk',
    children: [
      // the bulk report is the area's root page (docs/spec.md §2)
      { path: 'bulk', label: 'Bulk report' },
      { path: 'bulk/auto-substitute', label: 'Auto-substitute' },
      { path: 'bulk/bulk-sms', label: 'Bulk SMS' },
    ],
  },
  // the area's screens live under /system-admin/admins (docs/spec.md §2)
  { path: 'admin-user-management', label: 'Admin users', also: ['admins'] },
  // not in the spec's menu: the audit log, beside the admin settings
  { path: 'audit-log', label: 'Audit log' },
  // not in the spec's menu either: readiness, queues, links and latency, live (the figures of /metrics)
  { path: 'operations', label: 'Operations' },
  // not in the spec's menu: the platform's own brand (issue #48)
  { path: 'brand', label: 'Brand' },
  // issue 31: the platform-wide fraud settings (each company's own guards are on its row in Companies)
  {
    path: 'guards',
    label: 'Fraud guards',
    children: [{ path: 'guards/pumping-thresholds', label: 'Pumping thresholds' }],
  },
  { path: 'profile', label: 'Profile' },
];
