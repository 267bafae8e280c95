import type { MenuEntry } from '@smsc/shared-ui';

// docs/spec.md §2, reseller
export const resellerMenu: MenuEntry[] = [
  { path: '', label: 'Home' },
  { path: 'companies', label: 'Companies' },
  // not in docs/spec.md §2's reseller list: the reseller's figures for its companies
  { path: 'reporting', label: 'Reports' },
  // One entry: user/user-listing (docs/spec.md §2) is the read-only view of the same users, linked from
  // the Users page (two entries opening the same list confused people).
  { path: 'users', label: 'Users', also: ['user'] },
  // not in docs/spec.md §2: the reseller's own logins, admins and read-only users
  { path: 'team', label: 'Team' },
  { path: 'vendor', label: 'Vendors' },
  {
    path: 'product',
    label: 'Products',
    children: [
      { path: 'product/sms-routes', label: 'SMS routes' },
      // issue 45 item 2: the reseller prices its companies: its rate tables (by hand, by import, or as a markup
      // over its cost), their prices, and the change sets that carry new prices to its companies
      { path: 'product/rate-table', label: 'Rate tables' },
      { path: 'product/sms-pricing', label: 'SMS pricing' },
      { path: 'product/rate-changes', label: 'Rate changes' },
      // issue 45: the product of the companies that sign up through the reseller's link, and the link
      { path: 'product/signup-plan', label: 'Sign-up plan' },
    ],
  },
  { path: 'reseller-sms-center', label: 'SMS center' },
  { path: 'reseller-sms-log', label: 'SMS log' },
  { path: 'webhooks', label: 'Webhooks' },
  // sender registrations: 10DLC, toll-free verification, sender IDs (docs/compliance.md)
  { path: 'compliance', label: 'Compliance' },
  // a person's request to export or erase what is held about their number (docs/privacy.md)
  { path: 'privacy', label: 'Privacy requests' },
  // issue 49: changes to the reseller's own price and to its companies', each with its date and rows
  { path: 'price-notices', label: 'Price notices' },
  {
    path: 'billing',
    label: 'Billing',
    children: [
      { path: 'billing/invoices', label: 'Invoices' },
      { path: 'billing/payment', label: 'Payments' },
    ],
  },
  { path: 'payment/gateway', label: 'Payment gateway' },
  { path: 'filters', label: 'Filters' },
  // not in the spec's menu: its companies' SMPP accounts and their live binds
  { path: 'smpp-accounts', label: 'SMPP accounts' },
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
  // not in the spec's menu: the audit log of its own and its companies' records, and its two-factor sign-in
  { path: 'audit-log', label: 'Audit log' },
  // not in the spec's menu: the reseller's white label (name, colours, logo, mails) and its host names
  { path: 'brand', label: 'Brand' },
  { path: 'profile', label: 'Profile' },
];
