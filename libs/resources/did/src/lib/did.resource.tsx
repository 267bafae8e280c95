import { DID_ANI_TYPES, DID_TYPES, type Did, type DidCreateBody, type DidPatchBody } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import { formatMoney, formatPhone } from '@smsc/shared-util';
import {
  useCreateDidMutation,
  useDeleteDidMutation,
  useGetDidQuery,
  useLazyListCompanyDidsQuery,
  useLazyListDidsQuery,
  useListCompanyDidsQuery,
  useListDidsQuery,
  useMassDeleteDidsMutation,
  useUpdateDidMutation,
} from './did.api';

/** Access keys: who sees a number's owners and edits its provider fields. */
export const DID_ACCESS = { reseller: 'did.reseller', company: 'did.company', provider: 'did.provider' } as const;

const TYPE_LABELS: Record<string, string> = { sms: 'SMS', voice: 'Voice', sms_voice: 'SMS + voice' };
const options = (values: readonly string[], labels: Record<string, string> = {}) =>
  values.map((v) => ({ value: v, label: labels[v] ?? v.toUpperCase() }));

/** A number as every screen shows it (formatPhone, the one display rule): "+12125550100" → "+1 212 555 0100". */
export const formatDid = (e164: string): string => formatPhone(e164);

export const didDefinition: ResourceDefinition<Did> = {
  name: 'dids',
  title: 'DIDs',
  singular: 'Number',
  idField: 'did_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'did', title: 'Number', sortable: true, search: 'text', width: 170, render: (v) => formatDid(String(v)) },
    { key: 'area_code', title: 'Area code', search: 'text', width: 110 },
    { key: 'state', title: 'State', width: 80, render: (v) => (v as string | null) ?? '' },
    { key: 'is_toll_free', title: 'Toll-free', width: 100, search: 'boolean', render: (v) => (v ? 'Yes' : 'No') },
    {
      key: 'type',
      title: 'Type',
      width: 130,
      search: 'select',
      options: options(DID_TYPES, TYPE_LABELS),
      render: (v) => TYPE_LABELS[String(v)],
    },
    {
      key: 'did_type',
      title: 'DID type',
      width: 110,
      search: 'select',
      options: options(DID_ANI_TYPES),
      render: (v) => String(v).toUpperCase(),
    },
    { key: 'description', title: 'Description', width: 180 },
    {
      key: 'is_assigned',
      title: 'Assigned',
      width: 100,
      search: 'boolean',
      access: DID_ACCESS.company,
      render: (v) => (v ? 'Yes' : 'No'),
    },
    {
      key: 'company_name',
      title: 'Company',
      width: 150,
      access: DID_ACCESS.company,
      render: (v) => (v as string | null) ?? '',
    },
    {
      key: 'reseller_name',
      title: 'Reseller',
      width: 150,
      access: DID_ACCESS.reseller,
      render: (v) => (v as string | null) ?? '',
    },
    { key: 'user_name', title: 'User', width: 150, render: (v) => (v as string | null) ?? '' },
    { key: 'monthly_price', title: 'Monthly', width: 100, money: true, render: (v) => formatMoney(String(v)) },
    {
      key: 'created_on',
      title: 'Added',
      sortable: true,
      width: 190,
      dateTime: true,
      hideInTable: true,
    },
  ],
  // limits from the contract's DidCreateBody
  formFields: [
    {
      name: 'did',
      label: 'Number',
      kind: 'text',
      required: true,
      maxLength: 24,
      createOnly: true,
      placeholder: '(212) 555-0100',
    },
    {
      name: 'type',
      label: 'Type',
      kind: 'select',
      options: options(DID_TYPES, TYPE_LABELS),
      access: DID_ACCESS.provider,
    },
    {
      name: 'did_type',
      label: 'DID type',
      kind: 'select',
      options: options(DID_ANI_TYPES),
      access: DID_ACCESS.provider,
    },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 200 },
    {
      name: 'monthly_price',
      label: 'Monthly price',
      kind: 'text',
      access: DID_ACCESS.provider,
      rules: [{ pattern: /^[0-9]{1,6}(\.[0-9]{1,4})?$/, message: 'A price like 1.50' }],
    },
  ],
};

function didFields(values: FormValues): DidPatchBody {
  const out: DidPatchBody = {};
  for (const key of ['type', 'did_type', 'description', 'monthly_price'] as const) {
    const v = values[key];
    if (v !== undefined && v !== null && v !== '')
      (out as Record<string, unknown>)[key] = typeof v === 'string' ? v.trim() : v;
  }
  return out;
}

/** The inventory (system admin, reseller): GET /did/list. */
export const didBundle: ResourceBundle<Did, DidCreateBody, DidPatchBody> = {
  definition: didDefinition,
  useList: useListDidsQuery,
  useLazyList: useLazyListDidsQuery,
  useGet: useGetDidQuery,
  useCreate: useCreateDidMutation,
  useUpdate: useUpdateDidMutation,
  useDelete: useDeleteDidMutation,
  useDeleteMany: useMassDeleteDidsMutation,
  defaults: { type: 'sms_voice', did_type: 'ani' },
  toCreate: (values) => ({ did: String(values['did'] ?? '').trim(), ...didFields(values) }),
  toPatch: didFields,
};

/** A company's numbers (company admin, company user): GET /did/company/list; numbers leave by disconnect, not delete. */
export const companyDidBundle: ResourceBundle<Did, DidCreateBody, DidPatchBody> = {
  definition: didDefinition,
  useList: useListCompanyDidsQuery,
  useLazyList: useLazyListCompanyDidsQuery,
  useGet: useGetDidQuery,
  useUpdate: useUpdateDidMutation,
  toPatch: didFields,
};

/** system admin and reseller: dids → all-dids, add-did, edit-did/{id} (docs/spec.md §2). */
export const didPages: ResourcePages<Did> = {
  path: 'dids',
  redirectTo: 'all-dids',
  list: { path: 'all-dids', title: 'All DIDs' },
  create: { path: 'add-did', title: 'Add DID' },
  edit: { path: 'edit-did/:id', title: 'Edit DID' },
};
