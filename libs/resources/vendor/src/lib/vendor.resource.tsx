import type { Vendor, VendorCreate, VendorPatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import type { RouteObject } from 'react-router';
import {
  useCreateVendorMutation,
  useDeleteVendorMutation,
  useGetVendorQuery,
  useLazyListVendorsQuery,
  useListVendorsQuery,
  useUpdateVendorMutation,
} from './vendor.api';

const STATUS = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];
/** What a vendor supplies: SMS termination, numbers (DIDs) or both. */
export const VENDOR_TYPES = [
  { label: 'SMS', value: 'sms' },
  { label: 'DID', value: 'did' },
  { label: 'SMS and DID', value: 'sms_did' },
];

/** Access key: the system admin sees whose vendor a row is (a reseller sees only its own). */
export const VENDOR_ACCESS = { owner: 'vendor.owner' } as const;

/** The system admin's vendor row links: its products (accounts/{id}) and its SMSC connections (list/{vendor_name}/{vendor_uuid}). */
export const VENDOR_ADMIN_LINKS: ResourcePages<Vendor>['rowLinks'] = [
  { label: 'Products', to: (v) => `accounts/${v.vendor_uuid}` },
  { label: 'SMSC', to: (v) => `list/${encodeURIComponent(v.vendor_name)}/${v.vendor_uuid}` },
  { label: 'DIDs', to: (v) => `did/${v.vendor_uuid}/${encodeURIComponent(v.vendor_name)}` },
];

export const vendorDefinition: ResourceDefinition<Vendor> = {
  name: 'vendors',
  title: 'Vendors',
  singular: 'Vendor',
  idField: 'vendor_uuid',
  defaultSort: { order_by: 'vendor_name', order_dir: 'asc' },
  columns: [
    { key: 'vendor_name', title: 'Vendor', sortable: true, search: 'text' },
    {
      key: 'vendor_type',
      title: 'Type',
      width: 140,
      sortable: true,
      search: 'select',
      options: VENDOR_TYPES,
      render: (v) => VENDOR_TYPES.find((t) => t.value === v)?.label ?? String(v),
    },
    { key: 'status', title: 'Status', width: 120, sortable: true, search: 'select', options: STATUS },
    {
      key: 'reseller_uuid',
      title: 'Owner',
      width: 140,
      access: VENDOR_ACCESS.owner,
      render: (v) => (v ? 'Reseller' : 'Platform'),
    },
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
    { name: 'vendor_name', label: 'Vendor name', kind: 'text', required: true, maxLength: 200 },
    { name: 'vendor_type', label: 'Vendor type', kind: 'select', options: VENDOR_TYPES, required: true },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS, required: true },
  ],
};

export function vendorFields(values: FormValues): VendorCreate {
  return {
    vendor_name: String(values['vendor_name'] ?? '').trim(),
    vendor_type: String(values['vendor_type'] ?? 'sms'),
    status: values['status'] === 'inactive' ? 'inactive' : 'active',
  };
}

export const vendorBundle: ResourceBundle<Vendor, VendorCreate, VendorPatch> = {
  definition: vendorDefinition,
  useList: useListVendorsQuery,
  useLazyList: useLazyListVendorsQuery,
  useGet: useGetVendorQuery,
  useCreate: useCreateVendorMutation,
  useUpdate: useUpdateVendorMutation,
  useDelete: useDeleteVendorMutation,
  defaults: { status: 'active', vendor_type: 'sms' },
  toCreate: vendorFields,
  toPatch: vendorFields,
};

/** Spec §2 vendor pages: the system admin's list is `vendors`, the reseller's `vendors-list`; the forms share their paths. */
export function vendorPages(
  listPath: 'vendors' | 'vendors-list',
  more: Pick<ResourcePages<Vendor>, 'rowLinks'> & { extra?: RouteObject[] } = {},
): ResourcePages<Vendor> {
  return {
    ...more,
    path: 'vendor',
    redirectTo: listPath,
    list: { path: listPath, title: 'Vendors' },
    create: { path: 'add-vendor', title: 'Add vendor' },
    edit: { path: 'edit-vendor/:id', title: 'Edit vendor' },
  };
}
