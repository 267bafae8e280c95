import { useDispatch } from 'react-redux';
import type { Invoice, InvoiceCreate } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import {
  Button,
  DownloadOutlined,
  Tag,
  type FormValues,
  type ResourceBundle,
  type ResourceDefinition,
  type ResourcePages,
  saveObjectUrl,
} from '@smsc/shared-ui';
import { moneyCell } from '@smsc/shared-util';
import {
  useCreateInvoiceMutation,
  useInvoicePdfUrlMutation,
  useLazyListInvoicesQuery,
  useListInvoicesQuery,
} from './billing.api';
import { useCompanyOptions, useDirectCompanyOptions, useResellerOptions } from './billing-options';
import { BILLING_ACCESS, BILLING_OWNERS } from './payment.resource';

const STATUS = [
  { label: 'Issued', value: 'issued' },
  { label: 'Overdue', value: 'overdue' },
  { label: 'Paid', value: 'paid' },
];
const STATUS_COLOR: Record<string, string | undefined> = { paid: 'green', overdue: 'red', issued: 'blue' };

/** Saving a file the API answered; an object so component tests can watch it (jsdom cannot download). */
export const pdfDownload = {
  save(url: string, fileName: string) {
    saveObjectUrl(url, fileName);
  },
};

/** Downloads one invoice's PDF (the API call carries the session's token, a bare link would not). */
export function InvoicePdfButton({ invoice }: { invoice: Pick<Invoice, 'invoice_uuid' | 'number'> }) {
  const [fetchPdf, state] = useInvoicePdfUrlMutation();
  const dispatch = useDispatch();
  const download = async () => {
    try {
      const url = await fetchPdf(invoice.invoice_uuid).unwrap();
      pdfDownload.save(url, `invoice-${invoice.number}.pdf`);
      dispatch(showToast('success', `Invoice ${invoice.number} downloaded`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Button
      size="small"
      icon={<DownloadOutlined />}
      loading={state.isLoading}
      onClick={download}
      aria-label={`PDF of invoice ${invoice.number}`}
    >
      PDF
    </Button>
  );
}

const DAY_RULES = [{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: 'Pick a date' }];
const owner = (v: unknown, row: Invoice) => (v as string) ?? `${row.reseller_name} (reseller)`;

export const invoiceDefinition: ResourceDefinition<Invoice> = {
  name: 'invoices',
  title: 'Invoices',
  singular: 'Invoice',
  idField: 'invoice_uuid',
  defaultSort: { order_by: 'issued_on', order_dir: 'desc' },
  // narrow enough for 1280 px without sideways scrolling (a scrolling table is not keyboard-reachable)
  columns: [
    { key: 'number', title: 'Number', sortable: true, width: 120 },
    {
      key: 'company_name',
      title: 'Company',
      search: 'text',
      sortable: true,
      width: 170,
      // a company admin reads only its own company's invoices: no column, no filter to name another
      access: BILLING_OWNERS,
      render: (v, row) => owner(v, row),
    },
    {
      key: 'issuer_name',
      title: 'Issued by',
      width: 140,
      access: BILLING_ACCESS.admin,
      render: (v) => (v === 'system' ? 'System' : String(v)),
      hideInTable: true,
    },
    {
      key: 'period_start',
      // billing periods are whole UTC days (the server's invoice-core): one period for every customer's zone
      title: 'Period (UTC days)',
      sortable: true,
      width: 190,
      render: (v, row) => `${row.period_start} – ${row.period_end}`,
    },
    {
      key: 'total',
      title: 'Total',
      sortable: true,
      width: 130,
      render: moneyCell,
    },
    { key: 'due_on', title: 'Due', sortable: true, width: 110 },
    {
      key: 'status',
      title: 'Status',
      width: 100,
      search: 'select',
      options: STATUS,
      render: (v) => (
        <Tag color={STATUS_COLOR[v as string]}>{STATUS.find((s) => s.value === v)?.label ?? String(v)}</Tag>
      ),
    },
    { key: 'paid', title: 'Paid', search: 'boolean', width: 80, render: (v) => (v ? 'Yes' : 'No'), hideInTable: true },
    { key: 'issued_on', title: 'Issued', width: 150, dateTime: true, hideInTable: true },
    { key: 'invoice_uuid', title: 'PDF', width: 90, render: (_v, row) => <InvoicePdfButton invoice={row} /> },
  ],
  formFields: [
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      useOptions: useDirectCompanyOptions,
      placeholder: 'No company (invoice a reseller)',
      access: BILLING_ACCESS.admin,
    },
    {
      name: 'reseller_uuid',
      label: 'Reseller',
      kind: 'select',
      useOptions: useResellerOptions,
      placeholder: 'No reseller (invoice a company)',
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
      name: 'period_start',
      label: 'Period from',
      kind: 'date',
      required: true,
      rules: DAY_RULES,
    },
    {
      name: 'period_end',
      label: 'Period to',
      kind: 'date',
      required: true,
      rules: DAY_RULES,
      help: 'Whole UTC days, both ends included',
    },
  ],
};

/** The last whole calendar month (UTC) before `now`: what a biller invoices most often. */
export function lastMonth(now = new Date()): { period_start: string; period_end: string } {
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 0));
  return { period_start: first.toISOString().slice(0, 10), period_end: last.toISOString().slice(0, 10) };
}

/** Form values → POST /invoice: the company, or else the reseller; a company admin sends only the period (its company is implied). */
export function invoiceBody(values: FormValues): InvoiceCreate {
  const company = values['company_uuid'] ? String(values['company_uuid']) : undefined;
  const reseller = values['reseller_uuid'] ? String(values['reseller_uuid']) : undefined;
  return {
    period_start: String(values['period_start'] ?? '').trim(),
    period_end: String(values['period_end'] ?? '').trim(),
    ...(company ? { company_uuid: company } : reseller ? { reseller_uuid: reseller } : {}),
  };
}

export const invoiceBundle: ResourceBundle<Invoice, InvoiceCreate> = {
  definition: invoiceDefinition,
  useList: useListInvoicesQuery,
  useLazyList: useLazyListInvoicesQuery,
  useCreate: useCreateInvoiceMutation,
  toCreate: invoiceBody,
  defaults: lastMonth(),
};

/** billing/invoices and billing/add-invoice (docs/spec.md §2), below the billing root the payment pages share. */
export const invoicePages: Pick<ResourcePages<Invoice>, 'list' | 'create'> = {
  list: { path: 'invoices', title: 'Invoices' },
  create: { path: 'add-invoice', title: 'Add invoice' },
};
