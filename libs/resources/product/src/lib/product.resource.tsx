import type { Product, ProductCreate, ProductPatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import { lookupOf } from '@smsc/shared-api';
import {
  useCreateProductMutation,
  useDeleteProductMutation,
  useGetProductQuery,
  useLazyListProductsQuery,
  useListProductsQuery,
  useListRateTablesQuery,
  useListRoutingsQuery,
  useUpdateProductMutation,
} from './product.api';

const PRICE = /^\s*\d{1,9}(\.\d{1,6})?\s*$/;

const STATUS = [
  { label: 'Active', value: 'active' },
  { label: 'Inactive', value: 'inactive' },
];

const useRateTableOptions = () =>
  lookupOf(useListRateTablesQuery(), (d) =>
    d.items.map((t) => ({
      label: `${t.rate_table_name} (${t.rate_table_type === 'prefix' ? 'prefix' : 'mobile network'})`,
      value: t.rate_table_uuid,
    })),
  );
const useRoutingOptions = () =>
  lookupOf(useListRoutingsQuery(), (d) => d.items.map((r) => ({ label: r.routing_name, value: r.routing_uuid })));

export const productDefinition: ResourceDefinition<Product> = {
  name: 'products',
  title: 'Products',
  singular: 'Product',
  idField: 'product_uuid',
  defaultSort: { order_by: 'product_name', order_dir: 'asc' },
  columns: [
    { key: 'product_name', title: 'Product', sortable: true, search: 'text' },
    { key: 'status', title: 'Status', width: 120, sortable: true, search: 'select', options: STATUS },
    { key: 'rate_table_name', title: 'Rate table', render: (v) => (v as string | null) ?? '—' },
    { key: 'routing_name', title: 'Routing', render: (v) => (v as string | null) ?? '—' },
    { key: 'number_lookup', title: 'Number lookup', width: 140, render: (v) => (v ? 'On' : 'Off') },
    { key: 'company_count', title: 'Companies', width: 120 },
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
    { name: 'product_name', label: 'Product name', kind: 'text', required: true, maxLength: 200 },
    { name: 'status', label: 'Status', kind: 'select', options: STATUS, required: true },
    { name: 'rate_table_uuid', label: 'Rate table', kind: 'select', useOptions: useRateTableOptions },
    { name: 'routing_uuid', label: 'Routing', kind: 'select', useOptions: useRoutingOptions },
    {
      name: 'number_lookup',
      label: 'Number lookup',
      kind: 'switch',
      switchLabels: ['Off', 'On'],
      help: "On: each message's number is looked up before it is routed (the network it is on now, ported or not, its line type), and a route by that mobile network is chosen over the number's prefix. A lookup that fails is not charged and the message goes by its prefix.",
    },
    {
      name: 'lookup_cost',
      label: 'Lookup cost (USD)',
      kind: 'text',
      maxLength: 16,
      placeholder: "the platform's price",
      rules: [{ pattern: PRICE, message: 'Lookup cost: a price like 0.0005 (up to 6 decimals)' }],
      help: 'What one answered lookup costs for this product, in the margin reports. Empty: the platform’s configured price.',
    },
  ],
};

/** Form values → the create/patch body; an emptied select clears the link. */
export function productFields(values: FormValues): ProductCreate {
  const id = (v: unknown) => (typeof v === 'string' && v ? v : null);
  const cost = String(values['lookup_cost'] ?? '').trim();
  return {
    product_name: String(values['product_name'] ?? '').trim(),
    status: values['status'] === 'inactive' ? 'inactive' : 'active',
    rate_table_uuid: id(values['rate_table_uuid']),
    routing_uuid: id(values['routing_uuid']),
    number_lookup: values['number_lookup'] === true,
    lookup_cost: cost || null,
  };
}

export const productBundle: ResourceBundle<Product, ProductCreate, ProductPatch> = {
  definition: productDefinition,
  useList: useListProductsQuery,
  useLazyList: useLazyListProductsQuery,
  useGet: useGetProductQuery,
  useCreate: useCreateProductMutation,
  useUpdate: useUpdateProductMutation,
  useDelete: useDeleteProductMutation,
  defaults: { status: 'active', number_lookup: false },
  toCreate: productFields,
  toPatch: productFields,
};
