import type { VendorProduct, VendorProductCreate, VendorProductPatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import { useVendorOptions } from '@smsc/shared-api';
import {
  useCreateVendorProductMutation,
  useDeleteVendorProductMutation,
  useGetVendorProductQuery,
  useLazyListVendorProductsQuery,
  useListVendorProductsQuery,
  useUpdateVendorProductMutation,
} from './vendor.api';
import { useMobileNetworkSearch } from './mobile-network-picker';

const STATUS = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];
export const VENDOR_PRODUCT_TYPES = [
  { label: 'SMS', value: 'sms' },
  { label: 'MMS', value: 'mms' },
  { label: 'Voice', value: 'voice' },
];

export const vendorProductDefinition: ResourceDefinition<VendorProduct> = {
  name: 'vendor-products',
  title: 'Vendor products',
  singular: 'Vendor product',
  idField: 'vendor_product_uuid',
  defaultSort: { order_by: 'vendor_product_name', order_dir: 'asc' },
  columns: [
    { key: 'vendor_product_name', title: 'Vendor product', sortable: true, search: 'text' },
    { key: 'vendor_name', title: 'Vendor', width: 180 },
    { key: 'type', title: 'Type', width: 110, sortable: true, search: 'select', options: VENDOR_PRODUCT_TYPES },
    { key: 'status', title: 'Status', width: 110 },
    { key: 'rate_count', title: 'Rates', width: 100 },
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
      name: 'vendor_uuid',
      label: 'Vendor',
      kind: 'select',
      required: true,
      useOptions: useVendorOptions,
      createOnly: true,
    },
    { name: 'vendor_product_name', label: 'Vendor product name', kind: 'text', required: true, maxLength: 200 },
    { name: 'type', label: 'Type', kind: 'select', options: VENDOR_PRODUCT_TYPES, required: true },
    // an account that carries one network only; searched as you type
    {
      name: 'mobile_network_uuid',
      label: 'Mobile network',
      kind: 'select',
      useSearchOptions: useMobileNetworkSearch,
      placeholder: 'Any network (type a country, operator or MCC to pick one)',
    },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS, required: true },
  ],
};

const common = (values: FormValues) => ({
  vendor_product_name: String(values['vendor_product_name'] ?? '').trim(),
  type: String(values['type'] ?? 'sms'),
  mobile_network_uuid:
    typeof values['mobile_network_uuid'] === 'string' && values['mobile_network_uuid']
      ? values['mobile_network_uuid']
      : null,
  status: values['status'] === 'inactive' ? ('inactive' as const) : ('active' as const),
});

export const vendorProductBundle: ResourceBundle<VendorProduct, VendorProductCreate, VendorProductPatch> = {
  definition: vendorProductDefinition,
  useList: useListVendorProductsQuery,
  useLazyList: useLazyListVendorProductsQuery,
  useGet: useGetVendorProductQuery,
  useCreate: useCreateVendorProductMutation,
  useUpdate: useUpdateVendorProductMutation,
  useDelete: useDeleteVendorProductMutation,
  defaults: { status: 'active', type: 'sms' },
  toCreate: (values) => ({ vendor_uuid: String(values['vendor_uuid'] ?? ''), ...common(values) }),
  // the vendor of a vendor product does not change (its deck is that vendor's prices)
  toPatch: (values) => common(values),
};
