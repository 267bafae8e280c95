import type { LedgerEntry, Payment, PaymentCreate } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import { formatDateTime, moneyCell } from '@smsc/shared-util';
import {
  useCreatePaymentMutation,
  useLazyListPaymentsQuery,
  useLazyListTransactionsQuery,
  useListPaymentsQuery,
  useListTransactionsQuery,
} from './billing.api';
import { useCompanyOptions, useDirectCompanyOptions, useResellerOptions } from './billing-options';

/**
 * Access keys: the system admin bills direct companies and resellers (and sees whose rows they are);
 * a reseller bills only its own companies.
 */
export const BILLING_ACCESS = { admin: 'billing.admin', reseller: 'billing.reseller' } as const;
/** Whoever bills several accounts sees whose rows they are; a company admin sees only its own. */
export const BILLING_OWNERS = [BILLING_ACCESS.admin, BILLING_ACCESS.reseller] as const;

const when = (v: unknown) => formatDateTime(v as string | null);
const METHOD: Record<string, string> = { manual: 'Manual', card: 'Card', paypal: 'PayPal' };
const STATUS = [
  { label: 'Paid', value: 'paid' },
  { label: 'Pending', value: 'pending' },
  { label: 'Cancelled', value: 'cancelled' },
  // a checkout left unpaid past its provider session's expiry
  { label: 'Expired', value: 'expired' },
];

const AMOUNT_RULES = [
  { pattern: /^\s*\d{1,13}(\.\d{1,2})?\s*$/, message: 'Enter an amount such as 100.00' },
  {
    validator: (_: unknown, v: unknown) =>
      v === undefined || v === '' || Number(v) > 0
        ? Promise.resolve()
        : Promise.reject(new Error('The amount must be greater than zero')),
  },
];

export const paymentDefinition: ResourceDefinition<Payment> = {
  name: 'payments',
  title: 'Payments',
  singular: 'Payment',
  idField: 'payment_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    {
      key: 'company_name',
      title: 'Company',
      search: 'text',
      sortable: true,
      width: 180,
      access: BILLING_OWNERS,
      render: (v, row) => (v as string) ?? `${row.reseller_name} (reseller)`,
    },
    {
      key: 'reseller_name',
      title: 'Reseller',
      width: 150,
      access: BILLING_ACCESS.admin,
      render: (v) => (v as string) ?? '',
    },
    { key: 'method', title: 'Method', width: 100, sortable: true, render: (v) => METHOD[v as string] ?? String(v) },
    { key: 'amount', title: 'Amount', width: 130, sortable: true, render: moneyCell },
    {
      key: 'status',
      title: 'Status',
      width: 110,
      search: 'select',
      options: STATUS,
      render: (v) => STATUS.find((s) => s.value === v)?.label ?? String(v),
    },
    { key: 'paid_on', title: 'Paid on', width: 150, sortable: true, dateTime: true, render: when },
    {
      key: 'created_on',
      title: 'Created',
      width: 150,
      sortable: true,
      dateTime: true,
      render: when,
      hideInTable: true,
    },
  ],
  formFields: [
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      useOptions: useDirectCompanyOptions,
      placeholder: 'No company (pay a reseller)',
      access: BILLING_ACCESS.admin,
    },
    {
      name: 'reseller_uuid',
      label: 'Reseller',
      kind: 'select',
      useOptions: useResellerOptions,
      placeholder: 'No reseller (pay a company)',
      access: BILLING_ACCESS.admin,
    },
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      useOptions: useCompanyOptions,
      required: true,
      access: BILLING_ACCESS.reseller,
    },
    {
      name: 'amount',
      label: 'Amount (USD)',
      kind: 'text',
      required: true,
      maxLength: 24,
      rules: AMOUNT_RULES,
      placeholder: '100.00',
    },
  ],
};

/** Form values → POST /payment: always a manual payment; an empty picker is left out. */
export function paymentBody(values: FormValues): PaymentCreate {
  const company = values['company_uuid'] ? String(values['company_uuid']) : undefined;
  const reseller = values['reseller_uuid'] ? String(values['reseller_uuid']) : undefined;
  return {
    method: 'manual',
    amount: String(values['amount'] ?? '').trim(),
    ...(company ? { company_uuid: company } : reseller ? { reseller_uuid: reseller } : {}),
  };
}

export const paymentBundle: ResourceBundle<Payment, PaymentCreate> = {
  definition: paymentDefinition,
  useList: useListPaymentsQuery,
  useLazyList: useLazyListPaymentsQuery,
  useCreate: useCreatePaymentMutation,
  toCreate: paymentBody,
};

const KINDS = [
  { label: 'Payment', value: 'payment' },
  { label: 'SMS charge', value: 'sms_charge' },
  { label: 'Refund', value: 'refund' },
  { label: 'DID fee', value: 'did_fee' },
  { label: 'Adjustment', value: 'adjustment' },
  { label: 'Invoice', value: 'invoice' },
];

/** The balance log / transaction history: one ledger entry per row, newest first, read only. */
export const transactionDefinition: ResourceDefinition<LedgerEntry> = {
  name: 'transactions',
  title: 'Transactions',
  singular: 'Transaction',
  idField: 'entry_id',
  // narrow enough not to scroll sideways at 1280 px: a scrolling table without links is not keyboard-reachable (axe)
  columns: [
    { key: 'created_on', title: 'Date', width: 150, dateTime: true, render: when },
    {
      key: 'company_name',
      title: 'Company',
      search: 'text',
      width: 180,
      render: (v, row) => (v as string) ?? `${row.reseller_name} (reseller)`,
    },
    {
      key: 'reseller_name',
      title: 'Reseller',
      width: 150,
      access: BILLING_ACCESS.admin,
      render: (v) => (v as string) ?? '',
      hideInTable: true,
    },
    {
      key: 'kind',
      title: 'Type',
      width: 110,
      search: 'select',
      options: KINDS,
      render: (v) => KINDS.find((k) => k.value === v)?.label ?? String(v),
    },
    { key: 'amount', title: 'Amount', width: 130, render: moneyCell },
    { key: 'balance_after', title: 'Balance after', width: 140, render: moneyCell },
    { key: 'memo', title: 'Description', width: 180, render: (v) => (v as string) ?? '', hideInTable: true },
  ],
  formFields: [],
};

export const transactionBundle: ResourceBundle<LedgerEntry> = {
  definition: transactionDefinition,
  useList: useListTransactionsQuery,
  useLazyList: useLazyListTransactionsQuery,
};

/** billing (docs/spec.md §2): the root redirects to invoices; payment lists payments, add-payment enters a manual one. */
export const billingPages: ResourcePages<Payment> = {
  path: 'billing',
  redirectTo: 'invoices',
  list: { path: 'payment', title: 'Payments' },
  create: { path: 'add-payment', title: 'Add payment' },
};
