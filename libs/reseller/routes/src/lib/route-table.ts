import { routeTable } from '@smsc/shared-util';

// The reseller's screens, one row each (docs/client-architecture.md): the menu (rows with `menu`
// or `under`, in this order), the lazy areas (`area`: the chunk that holds the path and below), the spec
// routes the link walk and the e2e smoke visit (`spec`) and every link (`resellerRoutes.to(key)`) come from here.
export const resellerRoutes = routeTable('/reseller', {
  home: { path: '', label: 'Home', menu: true, spec: true },
  companies: { path: 'companies', label: 'Companies', menu: true, area: 'accounts' },
  companiesCompanyList: { path: 'companies/company-list', spec: true },
  companiesAddCompany: { path: 'companies/add-company', spec: true },
  companiesGuards: { path: 'companies/guards/:id', spec: true },
  companiesEditCompany: { path: 'companies/edit-company/:id', spec: true },
  companiesInvoiceHistory: { path: 'companies/:id/invoice-history', spec: true },
  companiesPaymentHistory: { path: 'companies/:id/payment-history', spec: true },
  companiesTransactionHistory: { path: 'companies/transaction-history', spec: true },
  companiesAddManualPayment: { path: 'companies/add-manual-payment', spec: true },
  // not in docs/spec.md §2's reseller list: the reseller's figures for its companies
  reporting: { path: 'reporting', label: 'Reports', menu: true, area: 'reporting' },
  // One entry: user/user-listing (docs/spec.md §2) is the read-only view of the same users, linked from
  // the Users page (two entries opening the same list confused people).
  users: { path: 'users', label: 'Users', menu: true, area: 'users', also: ['user'] },
  usersUsersList: { path: 'users/users-list', spec: true },
  usersAdd: { path: 'users/add', spec: true },
  usersEdit: { path: 'users/edit/:id', spec: true },
  userUserListing: { path: 'user/user-listing', spec: true },
  // not in docs/spec.md §2: the reseller's own logins, admins and read-only users
  team: { path: 'team', label: 'Team', menu: true, area: 'users', spec: true },
  vendor: { path: 'vendor', label: 'Vendors', menu: true, area: 'catalog' },
  vendorVendorsList: { path: 'vendor/vendors-list', spec: true },
  vendorAddVendor: { path: 'vendor/add-vendor', spec: true },
  vendorEditVendor: { path: 'vendor/edit-vendor/:id', spec: true },
  product: { path: 'product', label: 'Products', menu: true, area: 'catalog' },
  productSmsRoutes: { path: 'product/sms-routes', label: 'SMS routes', under: 'product', spec: true },
  productSmsRoutesAddProduct: { path: 'product/sms-routes/add-product', spec: true },
  productSmsRoutesEditProduct: { path: 'product/sms-routes/edit-product/:id', spec: true },
  // issue 45 item 2: the reseller prices its companies: its rate tables (by hand, by import, or as a markup
  // over its cost), their prices, and the change sets that carry new prices to its companies
  productRateTable: { path: 'product/rate-table', label: 'Rate tables', under: 'product', spec: true },
  productRateTableEdit: { path: 'product/rate-table/edit/:id', spec: true },
  productRateTableMarkup: { path: 'product/rate-table/:id/markup', spec: true },
  productSmsPricing: { path: 'product/sms-pricing', label: 'SMS pricing', under: 'product', spec: true },
  productSmsPricingAddProduct: { path: 'product/sms-pricing/add-product', spec: true },
  productRateChanges: { path: 'product/rate-changes', label: 'Rate changes', under: 'product', spec: true },
  productRateChangesNew: { path: 'product/rate-changes/new', spec: true },
  productRateChange: { path: 'product/rate-changes/:id', spec: true },
  // issue 45: the product of the companies that sign up through the reseller's link, and the link
  productSignupPlan: { path: 'product/signup-plan', label: 'Sign-up plan', under: 'product' },
  resellerSmsCenter: { path: 'reseller-sms-center', label: 'SMS center', menu: true, area: 'messaging', spec: true },
  resellerSmsLog: { path: 'reseller-sms-log', label: 'SMS log', menu: true, area: 'messaging', spec: true },
  webhooks: { path: 'webhooks', label: 'Webhooks', menu: true, area: 'webhooks' },
  // company webhooks
  webhooksList: { path: 'webhooks/list', spec: true },
  webhooksAdd: { path: 'webhooks/add', spec: true },
  webhooksEdit: { path: 'webhooks/edit/:id', spec: true },
  // sender registrations: 10DLC, toll-free verification, sender IDs (docs/compliance.md)
  compliance: { path: 'compliance', label: 'Compliance', menu: true, area: 'compliance', spec: true },
  complianceNewFiling: { path: 'compliance/new-filing', spec: true },
  complianceFiling: { path: 'compliance/filing/:id', spec: true },
  // a person's request to export or erase what is held about their number (docs/privacy.md)
  privacy: { path: 'privacy', label: 'Privacy requests', menu: true, area: 'privacy' },
  // issue 49: changes to the reseller's own price and to its companies', each with its date and rows
  priceNotices: { path: 'price-notices', label: 'Price notices', menu: true, area: 'price-notice' },
  billing: { path: 'billing', label: 'Billing', menu: true, area: 'billing' },
  billingInvoices: { path: 'billing/invoices', label: 'Invoices', under: 'billing', spec: true },
  billingPayment: { path: 'billing/payment', label: 'Payments', under: 'billing', spec: true },
  billingAddInvoice: { path: 'billing/add-invoice', spec: true },
  billingAddPayment: { path: 'billing/add-payment', spec: true },
  paymentGateway: { path: 'payment/gateway', label: 'Payment gateway', menu: true, spec: true },
  filters: { path: 'filters', label: 'Filters', menu: true, area: 'accounts' },
  filtersFilterList: { path: 'filters/filter-list', spec: true },
  filtersAddFilter: { path: 'filters/add-filter', spec: true },
  filtersEditFilter: { path: 'filters/edit-filter/:id', spec: true },
  // not in the spec's menu: its companies' SMPP accounts and their live binds
  smppAccounts: { path: 'smpp-accounts', label: 'SMPP accounts', menu: true, area: 'smpp' },
  // not in the product spec: its companies' SMPP accounts
  smppAccountsSmppAccountList: { path: 'smpp-accounts/smpp-account-list', spec: true },
  smppAccountsAddSmppAccount: { path: 'smpp-accounts/add-smpp-account', spec: true },
  smppAccountsEditSmppAccount: { path: 'smpp-accounts/edit-smpp-account/:id', spec: true },
  mailTemplate: { path: 'mail-template', label: 'Mail templates', menu: true, area: 'mail-template' },
  mailTemplateRegistration: {
    path: 'mail-template/registration',
    label: 'Registration mail',
    under: 'mailTemplate',
    spec: true,
  },
  mailTemplateTemplate: { path: 'mail-template/template', label: 'Other mails', under: 'mailTemplate', spec: true },
  dids: { path: 'dids', label: 'DIDs', menu: true, area: 'dids' },
  didsAllDids: { path: 'dids/all-dids', spec: true },
  didsAddDid: { path: 'dids/add-did', spec: true },
  didsImportDid: { path: 'dids/import-did', spec: true },
  didsImport: { path: 'dids/import', spec: true },
  didsEditDid: { path: 'dids/edit-did/:id', spec: true },
  templateApproval: { path: 'template-approval', label: 'Template approval', menu: true, area: 'template' },
  templateApprovalTemplateApprovalList: { path: 'template-approval/template-approval-list', spec: true },
  templateApprovalAddTemplate: { path: 'template-approval/add-template', spec: true },
  templateApprovalEdit: { path: 'template-approval/edit/:id', spec: true },
  // not in the spec's menu: the audit log of its own and its companies' records, and its two-factor sign-in
  auditLog: { path: 'audit-log', label: 'Audit log', menu: true, area: 'audit' },
  // not in the spec's menu: the reseller's white label (name, colours, logo, mails) and its host names
  brand: { path: 'brand', label: 'Brand', menu: true, area: 'brand' },
  profile: { path: 'profile', label: 'Profile', menu: true, area: 'users' },
  user: { path: 'user', area: 'users' },
  payment: { path: 'payment', area: 'billing' },
});
