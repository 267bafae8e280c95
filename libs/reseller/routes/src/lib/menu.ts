import type { MenuEntry } from '@smsc/shared-ui';

// spec §2, reseller
export const resellerMenu: MenuEntry[] = [
  { path: '', label: 'Home' },
  { path: 'companies', label: 'Companies' },
  // not in spec §2's reseller list: the reseller's figures for its companies (issue 15)
  { path: 'reporting', label: 'Reports' },
  { path: 'users', label: 'Users' },
  { path: 'user/user-listing', label: 'User listing' },
  { path: 'vendor', label: 'Vendors' },
  { path: 'product', label: 'Products' },
  { path: 'reseller-sms-center', label: 'SMS center' },
  { path: 'reseller-sms-log', label: 'SMS log' },
  { path: 'billing', label: 'Billing' },
  { path: 'payment/gateway', label: 'Payment gateway' },
  { path: 'filters', label: 'Filters' },
  {
    path: 'mail-template',
    label: 'Mail templates',
    children: [
      { path: 'mail-template/registration', label: 'Registration mail' },
      { path: 'mail-template/template', label: 'Other mails' },
    ],
  },
  { path: 'dids', label: 'DIDs' },
  { path: 'template-approval', label: 'Template approval' },
  // not in the spec's menu (issue 18): the audit log of its own and its companies' records, and its two-factor sign-in
  { path: 'audit-log', label: 'Audit log' },
  { path: 'profile', label: 'Profile' },
];
