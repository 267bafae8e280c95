import type { ChargeBasis, Rate, RateTable, RateTableCreate, RateTablePatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateRateTableMutation,
  useDeleteRateMutation,
  useDeleteRateTableMutation,
  useGetRateTableQuery,
  useLazyListRatesQuery,
  useLazyRateTablePageQuery,
  useListRatesQuery,
  useRateTablePageQuery,
  useUpdateRateTableMutation,
} from './rate.api';
import { CHARGE_BASIS_KEY, CHARGE_BASIS_WORDS } from './charge-basis';

export const RATE_TABLE_TYPES = [
  { label: 'Prefix-based', value: 'prefix' },
  { label: 'Mobile-network-based', value: 'mobile_network' },
];

/** One rate list for selling rates and vendor decks; each page fixes whose rates it lists. */
export const rateDefinition: ResourceDefinition<Rate> = {
  name: 'rates',
  title: 'Rates',
  singular: 'Rate',
  idField: 'rate_uuid',
  defaultSort: { order_by: 'code', order_dir: 'asc' },
  columns: [
    {
      key: 'code',
      title: 'Code',
      sortable: true,
      search: 'text',
      width: 140,
      render: (v) => (v as string | null) ?? '—',
    },
    { key: 'network_name', title: 'Mobile network', width: 180, render: (v) => (v as string | null) ?? '—' },
    {
      key: 'country_name',
      title: 'Country',
      sortable: true,
      search: 'text',
      width: 200,
      render: (v) => (v as string | null) ?? '—',
    },
    { key: 'price', title: 'Price', sortable: true, width: 120 },
    {
      key: 'charge_basis',
      title: 'Charged',
      width: 190,
      access: CHARGE_BASIS_KEY,
      render: (v) => CHARGE_BASIS_WORDS[v as ChargeBasis] ?? String(v),
    },
    {
      key: 'effective_from',
      title: 'Effective from',
      sortable: true,
      width: 200,
      dateTime: true,
    },
    {
      key: 'vendor_product_name',
      title: 'Vendor product',
      width: 180,
      hideInTable: true,
      render: (v) => (v as string | null) ?? '—',
    },
  ],
  formFields: [],
};

export const rateBundle: ResourceBundle<Rate> = {
  definition: rateDefinition,
  useList: useListRatesQuery,
  useLazyList: useLazyListRatesQuery,
  useDelete: useDeleteRateMutation,
};

export const rateTableDefinition: ResourceDefinition<RateTable> = {
  name: 'rate-tables',
  title: 'Rate tables',
  singular: 'Rate table',
  idField: 'rate_table_uuid',
  defaultSort: { order_by: 'rate_table_name', order_dir: 'asc' },
  columns: [
    { key: 'rate_table_name', title: 'Rate table', sortable: true, search: 'text' },
    {
      key: 'rate_table_type',
      title: 'Type',
      width: 200,
      sortable: true,
      search: 'select',
      options: RATE_TABLE_TYPES,
      render: (v) => RATE_TABLE_TYPES.find((t) => t.value === v)?.label ?? String(v),
    },
    { key: 'rate_count', title: 'Rates', width: 100 },
    { key: 'created_on', title: 'Created', sortable: true, width: 200, dateTime: true },
  ],
  formFields: [
    { name: 'rate_table_name', label: 'Rate table name', kind: 'text', required: true, maxLength: 200 },
    { name: 'rate_table_type', label: 'Priced by', kind: 'select', options: RATE_TABLE_TYPES, required: true },
  ],
};

export function rateTableFields(values: FormValues): RateTableCreate {
  return {
    rate_table_name: String(values['rate_table_name'] ?? '').trim(),
    rate_table_type: values['rate_table_type'] === 'prefix' ? 'prefix' : 'mobile_network',
  };
}

export const rateTableBundle: ResourceBundle<RateTable, RateTableCreate, RateTablePatch> = {
  definition: rateTableDefinition,
  useList: useRateTablePageQuery,
  useLazyList: useLazyRateTablePageQuery,
  useGet: useGetRateTableQuery,
  useCreate: useCreateRateTableMutation,
  useUpdate: useUpdateRateTableMutation,
  useDelete: useDeleteRateTableMutation,
  defaults: { rate_table_type: 'mobile_network' },
  toCreate: rateTableFields,
  toPatch: rateTableFields,
};
