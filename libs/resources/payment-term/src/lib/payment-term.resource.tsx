import type { PaymentTerm, PaymentTermCreate, PaymentTermPatch } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreatePaymentTermMutation,
  useDeletePaymentTermMutation,
  useGetPaymentTermQuery,
  useListPaymentTermsQuery,
  useLazyListPaymentTermsQuery,
  useUpdatePaymentTermMutation,
} from './payment-term.api';

export const paymentTermDefinition: ResourceDefinition<PaymentTerm> = {
  name: 'payment-terms',
  title: 'Payment terms',
  singular: 'Payment term',
  idField: 'payment_term_uuid',
  defaultSort: { order_by: 'days', order_dir: 'asc' },
  columns: [
    { key: 'name', title: 'Name', sortable: true, search: 'text' },
    { key: 'days', title: 'Days', sortable: true, width: 100 },
    { key: 'is_active', title: 'Active', search: 'boolean', width: 100, render: (v) => (v ? 'Yes' : 'No') },
    { key: 'created_on', title: 'Created', sortable: true, width: 200, dateTime: true },
  ],
  // limits from the contract's PaymentTermCreate schema
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 200 },
    {
      name: 'days',
      label: 'Days',
      kind: 'number',
      required: true,
      min: 0,
      max: 3650,
      rules: [{ type: 'integer', message: 'Days must be a whole number' }],
    },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

export function paymentTermBody(values: FormValues): PaymentTermCreate {
  return { name: String(values['name'] ?? '').trim(), days: Number(values['days']), is_active: !!values['is_active'] };
}

export const paymentTermBundle: ResourceBundle<PaymentTerm, PaymentTermCreate, PaymentTermPatch> = {
  definition: paymentTermDefinition,
  useList: useListPaymentTermsQuery,
  useLazyList: useLazyListPaymentTermsQuery,
  useGet: useGetPaymentTermQuery,
  useCreate: useCreatePaymentTermMutation,
  useUpdate: useUpdatePaymentTermMutation,
  useDelete: useDeletePaymentTermMutation,
  defaults: { days: 30, is_active: true },
  toCreate: paymentTermBody,
  toPatch: paymentTermBody,
};
