import type { MenuEntry } from '@smsc/shared-ui';

// spec §2, system admin: one entry per area, in the spec's order
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
  { path: 'product', label: 'Products' },
  { path: 'balance-log', label: 'Balance log' },
  { path: 'companies', label: 'Companies' },
  { path: 'resellers', label: 'Resellers' },
  { path: 'users', label: 'Users' },
  { path: 'template-approval', label: 'Template approval' },
  { path: 'billing', label: 'Billing' },
  { path: 'dids', label: 'DIDs' },
  { path: 'vendor', label: 'Vendors' },
  { path: 'smsc-connection', label: 'SMSC connections' },
  { path: 'filters', label: 'Filters' },
  { path: 'payment-term', label: 'Payment terms' },
  {
    path: 'sms-log',
    label: 'SMS log',
    children: [
      { path: 'sms-log/incoming', label: 'Incoming SMS' },
      { path: 'sms-log/outgoing', label: 'Outgoing SMS' },
    ],
  },
  { path: 'ani-group', label: 'ANI groups' },
  { path: 'bulk', label: 'Bulk' },
  // the area's screens live under /system-admin/admins (spec §2)
  { path: 'admin-user-management', label: 'Admin users', also: ['admins'] },
  // not in the spec's menu: the audit log of issue 18, beside the admin settings
  { path: 'audit-log', label: 'Audit log' },
  { path: 'profile', label: 'Profile' },
];
