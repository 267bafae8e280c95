import type { Company, CompanyCreate, CompanyPatch } from '@smsc/shared-contract';
import {
  timeZoneField,
  type FormValues,
  type ResourceBundle,
  type ResourceDefinition,
  type ResourcePages,
  type SelectOption,
} from '@smsc/shared-ui';
import { formatMoney } from '@smsc/shared-util';
import { lookupOf } from '@smsc/shared-api';
import {
  useCompanyPaymentTermChoicesQuery,
  useCompanyResellerChoicesQuery,
  useCreateCompanyMutation,
  useDeleteCompanyMutation,
  useGetCompanyQuery,
  useListCompaniesQuery,
  useLazyListCompaniesQuery,
  useUpdateCompanyMutation,
} from './company.api';

/** Access keys: only the system admin sees resellers and picks a company's reseller (docs/authorization.md). */
export const COMPANY_ACCESS = {
  reseller: 'company.reseller',
  createdByAdmin: 'company.created-by-admin',
  /** the company's own message retention days (docs/retention.md): the system admin's alone */
  retention: 'company.retention',
} as const;

/** A company's own archiving choice (null on the server: the platform's). */
const ARCHIVE_CHOICES: SelectOption[] = [
  { label: 'As the platform', value: 'default' },
  { label: 'Archive before removing', value: 'yes' },
  { label: 'Remove without archive', value: 'no' },
];
const RETENTION_DAYS_HELP = "Empty: the platform's default (SMS log → Message retention); 0: never for this company";

const STATUS: SelectOption[] = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];
const yesNo = (v: unknown) => (v ? 'Yes' : 'No');

const useResellerOptions = () =>
  lookupOf(useCompanyResellerChoicesQuery(), (d) =>
    d.items.map((r) => ({ label: r.reseller_name, value: r.reseller_uuid })),
  );

const usePaymentTermOptions = () =>
  lookupOf(useCompanyPaymentTermChoicesQuery(), (d) =>
    d.items.map((p) => ({ label: `${p.name}${p.is_active ? '' : ' (inactive)'}`, value: p.payment_term_uuid })),
  );

const MONEY_RULES = [{ pattern: /^\s*\d{1,13}(\.\d{1,2})?\s*$/, message: 'Enter an amount such as 100.00' }];

export const companyDefinition: ResourceDefinition<Company> = {
  name: 'companies',
  title: 'Companies',
  singular: 'Company',
  idField: 'company_uuid',
  // docs/spec.md §7/§9: the company list asks for 10,000 rows a page; the table virtualises them
  perPage: 10000,
  defaultSort: { order_by: 'company_name', order_dir: 'asc' },
  columns: [
    { key: 'company_name', title: 'Name', sortable: true, search: 'text', width: 220 },
    {
      key: 'reseller_name',
      title: 'Reseller',
      search: 'text',
      width: 180,
      access: COMPANY_ACCESS.reseller,
      render: (v) => (v ? String(v) : '—'),
    },
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      search: 'select',
      options: STATUS,
      width: 110,
      render: (v) => (v === 'active' ? 'Active' : 'Inactive'),
    },
    { key: 'prepay', title: 'Prepay', search: 'boolean', width: 100, render: yesNo },
    {
      key: 'is_below_credit_limit',
      title: 'Below credit limit',
      search: 'boolean',
      width: 150,
      // set by the server, not by hand: say what it means where it shows
      render: (v) => (v ? 'Yes: owes more than its credit allows' : 'No'),
    },
    {
      key: 'is_created_by_admin',
      title: 'Created by admin',
      search: 'boolean',
      width: 150,
      render: yesNo,
      access: COMPANY_ACCESS.createdByAdmin,
    },
    { key: 'time_zone', title: 'Time zone', width: 180, hideInTable: true },
    { key: 'created_on', title: 'Created', sortable: true, width: 180, dateTime: true },
  ],
  formFields: [
    // limits from the contract's CompanyCreate schema
    { name: 'company_name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    {
      name: 'reseller_uuid',
      label: 'Reseller',
      kind: 'select',
      useOptions: useResellerOptions,
      placeholder: 'No reseller',
      access: COMPANY_ACCESS.reseller,
    },
    {
      name: 'payment_term_uuid',
      label: 'Payment term',
      kind: 'select',
      useOptions: usePaymentTermOptions,
      placeholder: 'No payment term',
    },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS, required: true },
    {
      name: 'prepay',
      label: 'Prepay',
      kind: 'switch',
      help: 'On: the company tops up first and can spend down to zero. Off: it is invoiced afterwards and may owe up to its credit limit.',
    },
    // "Below credit limit" is not set by hand: the server marks a company whose balance went past what
    // it may owe (the list shows it, explained there)
    // billing figures live on the company's account; the company answer carries them for its biller
    {
      name: 'credit_limit',
      label: 'Credit limit (USD)',
      kind: 'text',
      maxLength: 24,
      rules: MONEY_RULES,
      placeholder: '0.00',
    },
    {
      name: 'low_balance_threshold',
      label: 'Low-balance alert below (USD)',
      kind: 'text',
      maxLength: 24,
      rules: MONEY_RULES,
      placeholder: 'No alert',
    },
    {
      name: 'price_notice_days',
      label: 'Price notice (days)',
      kind: 'number',
      min: 0,
      max: 365,
      placeholder: '7',
      help: 'A price increase reaches this customer no sooner than this many days after its notice (rate changes)',
    },
    // issue 51: the company's own retention, over the platform's defaults
    {
      name: 'retention_redact_days',
      label: 'Redact message bodies after (days)',
      kind: 'number',
      min: 0,
      max: 36500,
      placeholder: 'Platform default',
      help: RETENTION_DAYS_HELP,
      access: COMPANY_ACCESS.retention,
    },
    {
      name: 'retention_remove_days',
      label: 'Remove messages after (days)',
      kind: 'number',
      min: 0,
      max: 36500,
      placeholder: 'Platform default',
      help: `${RETENTION_DAYS_HELP}. Later than the redaction; reports keep counting removed messages`,
      access: COMPANY_ACCESS.retention,
    },
    {
      name: 'retention_archive',
      label: 'Archive removed messages',
      kind: 'select',
      options: ARCHIVE_CHOICES,
      access: COMPANY_ACCESS.retention,
    },
    // not required: a new company left without one gets the server's default (America/New_York)
    timeZoneField(
      "The company's clock: its people's dates and reports, its reminders and spend figures follow it",
      false,
    ),
    { name: 'balance', label: 'Current balance', kind: 'text', editOnly: true, readOnly: true },
    // onboarding in one form: the customer's contact becomes the company's first admin (optional)
    { name: 'admin_full_name', label: 'Contact person (first admin)', kind: 'text', maxLength: 100, createOnly: true },
    { name: 'admin_email', label: "First admin's e-mail", kind: 'email', maxLength: 254, createOnly: true },
    {
      name: 'admin_password',
      label: "First admin's password",
      kind: 'password',
      createOnly: true,
      help: 'Give it to the contact; they change it under Profile. Leave the three fields empty to add admins later.',
    },
  ],
};

/** Form values → the contract's body: a cleared picker means "none" (null), switches are booleans. */
export function companyBody(values: FormValues): CompanyCreate {
  const body: CompanyCreate = {
    company_name: String(values['company_name'] ?? '').trim(),
    payment_term_uuid: (values['payment_term_uuid'] as string | undefined) ?? null,
    status: (values['status'] as CompanyCreate['status']) ?? 'active',
    prepay: !!values['prepay'],
  };
  const adminEmail = String(values['admin_email'] ?? '').trim();
  if (adminEmail)
    body.first_admin = {
      full_name: String(values['admin_full_name'] ?? '').trim(),
      email: adminEmail,
      password: String(values['admin_password'] ?? ''),
    };
  // The reseller field is only on the form for roles that may set it; the server refuses it otherwise.
  if ('reseller_uuid' in values) body.reseller_uuid = (values['reseller_uuid'] as string | undefined) ?? null;
  const credit = String(values['credit_limit'] ?? '').trim();
  const low = String(values['low_balance_threshold'] ?? '').trim();
  if (credit) body.credit_limit = credit;
  const zone = values['time_zone'];
  if (typeof zone === 'string' && zone) body.time_zone = zone;
  const notice = values['price_notice_days'];
  if (typeof notice === 'number') body.price_notice_days = notice;
  // the retention fields are only on the form of the system admin; an emptied days field is the platform's default
  for (const f of ['retention_redact_days', 'retention_remove_days'] as const)
    if (f in values) body[f] = typeof values[f] === 'number' ? values[f] : null;
  if ('retention_archive' in values)
    body.retention_archive =
      values['retention_archive'] === 'yes' ? true : values['retention_archive'] === 'no' ? false : null;
  if (low) body.low_balance_threshold = low;
  // an alert level the edit form showed and the user cleared turns the alert off
  else if (values['low_balance_threshold'] === '') body.low_balance_threshold = null;
  return body;
}

export const companyBundle: ResourceBundle<Company, CompanyCreate, CompanyPatch> = {
  definition: companyDefinition,
  useList: useListCompaniesQuery,
  useLazyList: useLazyListCompaniesQuery,
  useGet: useGetCompanyQuery,
  useCreate: useCreateCompanyMutation,
  useUpdate: useUpdateCompanyMutation,
  useDelete: useDeleteCompanyMutation,
  // a new customer pays ahead unless its biller grants it credit
  defaults: { status: 'active', prepay: true },
  toCreate: companyBody,
  toPatch: companyBody,
  toForm: (c) => ({
    company_name: c.company_name,
    reseller_uuid: c.reseller_uuid ?? undefined,
    payment_term_uuid: c.payment_term_uuid ?? undefined,
    status: c.status,
    prepay: c.prepay,
    price_notice_days: c.price_notice_days,
    time_zone: c.time_zone,
    // the retention overrides, when the answer carries them (an empty days field is the platform's default)
    ...(c.retention_archive !== undefined && {
      retention_redact_days: c.retention_redact_days ?? undefined,
      retention_remove_days: c.retention_remove_days ?? undefined,
      retention_archive: c.retention_archive === true ? 'yes' : c.retention_archive === false ? 'no' : 'default',
    }),
    // the credit figures, when the answer carries them (the caller may see money)
    ...(c.credit_limit !== undefined && {
      credit_limit: c.credit_limit,
      low_balance_threshold: c.low_balance_threshold ?? undefined,
    }),
    ...(c.balance !== undefined && { balance: formatMoney(c.balance, c.currency) }),
  }),
};

/** The company screens of docs/spec.md §2, the same paths under system admin and reseller; roles add row links. */
export const companyPages: ResourcePages<Company> = {
  path: 'companies',
  redirectTo: 'company-list',
  list: { path: 'company-list', title: 'Company list' },
  create: { path: 'add-company', title: 'Add company' },
  edit: { path: 'edit-company/:id', title: 'Edit company' },
  // the list is sorted by name in a scroller: a new company opens on its own page instead of hiding there
  openCreated: true,
};
