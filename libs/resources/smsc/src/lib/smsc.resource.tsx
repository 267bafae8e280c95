import type { SmscConnection, SmscConnectionCreate, SmscConnectionPatch } from '@smsc/shared-contract';
import { lookupOf, useVendorOptions } from '@smsc/shared-api';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateSmscConnectionMutation,
  useDeleteSmscConnectionMutation,
  useGetSmscConnectionQuery,
  useLazyListSmscConnectionsQuery,
  useListApiAdaptersQuery,
  useListSmscConnectionsQuery,
  useUpdateSmscConnectionMutation,
} from './smsc.api';

const STATUS = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];
/** The adapters' ids as the search form offers them (the form itself reads the live list from /api_adapter/list). */
const ADAPTERS = [
  { label: 'Built-in SMSC simulator', value: 'simulator' },
  { label: 'SMPP 3.4 client', value: 'smpp' },
  { label: 'Kannel bearerbox', value: 'kannel' },
  { label: 'HTTP API', value: 'http' },
];

/** Who carries an SMPP connection: Kannel's bearerbox, or the API's own SMPP client (no Kannel in between). */
const GATEWAYS = [
  { label: 'Kannel bearerbox', value: 'kannel' },
  { label: 'Direct SMPP client', value: 'direct' },
];

const needs = (fields: string[]) => (fields.length ? ` (needs ${fields.join(', ').replace(/_/g, ' ')})` : '');
const useAdapterOptions = () =>
  lookupOf(useListApiAdaptersQuery(), (d) =>
    d.items.map((a) => ({ label: `${a.name}${needs(a.required)}`, value: a.api_adapter_id })),
  );

export const smscDefinition: ResourceDefinition<SmscConnection> = {
  name: 'smsc-connections',
  title: 'SMSC connections',
  singular: 'SMSC connection',
  idField: 'smsc_connection_uuid',
  defaultSort: { order_by: 'smsc_id', order_dir: 'asc' },
  columns: [
    { key: 'smsc_id', title: 'SMSC id', sortable: true, search: 'text', width: 200 },
    { key: 'vendor_name', title: 'Vendor', width: 180, render: (v) => (v as string | null) ?? '—' },
    {
      key: 'api_adapter_id',
      title: 'API adapter',
      width: 190,
      sortable: true,
      search: 'select',
      options: ADAPTERS,
      render: (_v, row) => row.api_adapter_name ?? row.api_adapter_id,
    },
    {
      key: 'host',
      title: 'Host',
      sortable: true,
      width: 220,
      render: (v, row) => (v ? `${v}${row.port ? `:${row.port}` : ''}` : (row.url ?? '—')),
    },
    { key: 'system_id', title: 'System id', width: 140, render: (v) => (v as string | null) ?? '—' },
    { key: 'has_password', title: 'Password', width: 110, render: (v) => (v ? 'Set' : 'None') },
    { key: 'throughput', title: 'Msg/s', width: 90, render: (v) => (v as number | null) ?? '—' },
    {
      key: 'window_size',
      title: 'Window',
      width: 100,
      hideInTable: true,
      render: (v) => (v as number | null) ?? 'Default',
    },
    {
      key: 'gateway',
      title: 'Carried by',
      width: 160,
      render: (v) => (v === 'direct' ? 'Direct SMPP client' : 'Kannel bearerbox'),
    },
    { key: 'binds', title: 'Binds', width: 90, hideInTable: true, render: (v) => (v as number | null) ?? 1 },
    {
      key: 'transceiver_mode',
      title: 'Bind',
      width: 150,
      hideInTable: true,
      render: (v) => (v === false ? 'Transmitter + receiver' : 'Transceiver'),
    },
    { key: 'status', title: 'Status', width: 110, sortable: true, search: 'select', options: STATUS },
    {
      key: 'created_on',
      title: 'Created',
      sortable: true,
      width: 200,
      hideInTable: true,
      dateTime: true,
    },
  ],
  formFields: [
    {
      name: 'smsc_id',
      label: 'SMSC id',
      kind: 'text',
      required: true,
      maxLength: 64,
      rules: [{ pattern: /^[A-Za-z0-9][A-Za-z0-9_.-]*$/, message: 'Letters, digits, _ . - only' }],
    },
    { name: 'api_adapter_id', label: 'API adapter', kind: 'select', required: true, useOptions: useAdapterOptions },
    { name: 'vendor_uuid', label: 'Vendor', kind: 'select', useOptions: useVendorOptions },
    { name: 'host', label: 'Host', kind: 'text', maxLength: 253, placeholder: 'smsc.vendor.example' },
    { name: 'port', label: 'Port', kind: 'number', min: 1, max: 65535 },
    { name: 'system_id', label: 'System id (user name)', kind: 'text', maxLength: 64, autoComplete: 'off' },
    // write-only: the server never answers it, so the edit form starts empty and empty keeps the stored one
    {
      name: 'password',
      label: 'Password',
      kind: 'password',
      maxLength: 128,
      // "keep" only when there is something to keep: a new link, or one stored without a password, has none
      placeholderFor: (initial, mode) =>
        mode === 'edit' && initial?.['has_password'] ? 'Leave empty to keep the stored password' : undefined,
    },
    { name: 'system_type', label: 'System type', kind: 'text', maxLength: 32 },
    {
      name: 'url',
      label: 'URL (HTTP API)',
      kind: 'text',
      maxLength: 500,
      placeholder: 'https://api.vendor.example/sms',
    },
    { name: 'throughput', label: 'Throughput (messages per second)', kind: 'number', min: 1, max: 100000 },
    // SMPP only: empty takes the gateway's default window
    {
      name: 'window_size',
      label: 'SMPP window (submits in flight)',
      kind: 'number',
      min: 1,
      max: 10000,
      placeholder: 'Gateway default',
    },
    { name: 'transceiver_mode', label: 'SMPP transceiver bind (off: a transmitter and a receiver)', kind: 'switch' },
    // SMPP only: Kannel binds it, or our own client does (several transceiver binds, each with the window above)
    { name: 'gateway', label: 'SMPP carried by', kind: 'select', options: GATEWAYS, required: true },
    { name: 'binds', label: 'Direct SMPP binds', kind: 'number', min: 1, max: 32, placeholder: '1' },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS, required: true },
  ],
};

const text = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
const int = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : null);

/** Form values → a create body: empty fields are null (not set), the password only when typed. */
export function smscFields(values: FormValues): SmscConnectionCreate {
  const body: SmscConnectionCreate = {
    smsc_id: String(values['smsc_id'] ?? '').trim(),
    api_adapter_id: String(values['api_adapter_id'] ?? ''),
    vendor_uuid: text(values['vendor_uuid']),
    host: text(values['host']),
    port: int(values['port']),
    system_id: text(values['system_id']),
    system_type: text(values['system_type']),
    url: text(values['url']),
    throughput: int(values['throughput']),
    window_size: int(values['window_size']),
    transceiver_mode: values['transceiver_mode'] !== false,
    gateway: values['gateway'] === 'direct' ? 'direct' : 'kannel',
    binds: int(values['binds']),
    status: values['status'] === 'inactive' ? 'inactive' : 'active',
  };
  const password = typeof values['password'] === 'string' ? values['password'] : '';
  return password ? { ...body, password } : body;
}

export const smscBundle: ResourceBundle<SmscConnection, SmscConnectionCreate, SmscConnectionPatch> = {
  definition: smscDefinition,
  useList: useListSmscConnectionsQuery,
  useLazyList: useLazyListSmscConnectionsQuery,
  useGet: useGetSmscConnectionQuery,
  useCreate: useCreateSmscConnectionMutation,
  useUpdate: useUpdateSmscConnectionMutation,
  useDelete: useDeleteSmscConnectionMutation,
  defaults: { status: 'active', api_adapter_id: 'smpp', transceiver_mode: true, gateway: 'kannel' },
  toCreate: smscFields,
  // a patch leaves the password out unless a new one was typed, so the stored one stays
  toPatch: smscFields,
  toForm: (row) => ({
    smsc_id: row.smsc_id,
    api_adapter_id: row.api_adapter_id,
    vendor_uuid: row.vendor_uuid ?? undefined,
    host: row.host ?? undefined,
    port: row.port ?? undefined,
    system_id: row.system_id ?? undefined,
    system_type: row.system_type ?? undefined,
    url: row.url ?? undefined,
    throughput: row.throughput ?? undefined,
    status: row.status,
    window_size: row.window_size ?? undefined,
    transceiver_mode: row.transceiver_mode,
    gateway: row.gateway,
    binds: row.binds ?? undefined,
    // not a field: tells the password field whether "leave empty to keep" is true
    has_password: row.has_password,
  }),
};
