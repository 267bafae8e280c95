import type { AuditEntry } from '@smsc/shared-contract';
import type { ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import { useLazyListAuditQuery, useListAuditQuery } from './audit.api';

/** The kinds of record the server audits (the `entity` of an entry), as the filter offers them. */
export const AUDIT_ENTITIES: { value: string; label: string }[] = [
  { value: 'billing_account', label: 'Billing account' },
  { value: 'payment', label: 'Payment' },
  { value: 'invoice', label: 'Invoice' },
  { value: 'did', label: 'DID (number)' },
  { value: 'suppressed_number', label: 'Suppressed number' },
  { value: 'user', label: 'User' },
  { value: 'two_factor', label: 'Two-factor sign-in' },
  { value: 'api_key', label: 'API key' },
  { value: 'company', label: 'Company' },
  { value: 'reseller', label: 'Reseller' },
  { value: 'product', label: 'Product' },
  { value: 'vendor', label: 'Vendor' },
  { value: 'rate_table', label: 'Rate table' },
  { value: 'rate', label: 'Rate' },
  { value: 'routing', label: 'Routing' },
  { value: 'vendor_product', label: 'Vendor product' },
  { value: 'smsc_connection', label: 'SMSC connection' },
  { value: 'smpp_account', label: 'SMPP account (customer binds, locks)' },
  { value: 'gateway', label: 'SMS gateway restart' },
  { value: 'opt_out_reply', label: 'STOP / START replies' },
  { value: 'sms_template', label: 'SMS template' },
  { value: 'mail_template', label: 'Mail template' },
  { value: 'payment_term', label: 'Payment term' },
  { value: 'filter', label: 'Filter' },
];
const AUDIT_ACTIONS = [
  { value: 'create', label: 'Created' },
  { value: 'update', label: 'Changed' },
  { value: 'delete', label: 'Deleted' },
];
const labelOf = (entity: string) => AUDIT_ENTITIES.find((e) => e.value === entity)?.label ?? entity;

const show = (v: unknown) =>
  v === null || v === undefined ? '—' : typeof v === 'object' ? JSON.stringify(v) : String(v);

/** The changed fields of an entry, one line each: "field: before → after". */
export function describeChanges(changes: AuditEntry['changes'], action: AuditEntry['action']): string {
  return Object.entries(changes)
    .map(([field, { before, after }]) =>
      action === 'create'
        ? `${field}: ${show(after)}`
        : action === 'delete'
          ? `${field}: ${show(before)}`
          : `${field}: ${show(before)} → ${show(after)}`,
    )
    .join('; ');
}

export const auditDefinition: ResourceDefinition<AuditEntry> = {
  name: 'audit-log',
  title: 'Audit log',
  singular: 'Audit entry',
  idField: 'id',
  perPage: 20,
  columns: [
    { key: 'at', title: 'When', width: 190, dateTime: true },
    {
      key: 'actor_email',
      title: 'Who',
      width: 220,
      search: 'text',
      render: (v, r) => (v ? `${v as string}${r.actor_type ? ` (${r.actor_type})` : ''}` : 'System'),
    },
    {
      key: 'action',
      title: 'Action',
      width: 100,
      search: 'select',
      options: AUDIT_ACTIONS,
      render: (v) => AUDIT_ACTIONS.find((a) => a.value === v)?.label ?? String(v),
    },
    {
      key: 'entity',
      title: 'Kind',
      width: 170,
      search: 'select',
      options: AUDIT_ENTITIES,
      render: (v) => labelOf(v as string),
    },
    { key: 'entity_id', title: 'Record', width: 300, search: 'text', hideInTable: true },
    {
      key: 'changes',
      title: 'What changed',
      width: 420,
      render: (v, r) => describeChanges(v as AuditEntry['changes'], r.action),
    },
    { key: 'ip', title: 'From', width: 140 },
  ],
  formFields: [],
};

export const auditBundle: ResourceBundle<AuditEntry> = {
  definition: auditDefinition,
  useList: useListAuditQuery,
  useLazyList: useLazyListAuditQuery,
};
