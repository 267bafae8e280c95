import { STOP_TEXT_MAX, type StopText, type StopTextBody, type StopTextPatchBody } from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import {
  useCreateFilterMutation,
  useDeleteFilterMutation,
  useGetFilterQuery,
  useListFiltersQuery,
  useLazyListFiltersQuery,
  useUpdateFilterMutation,
} from './filter.api';

/** Access key: the system admin sees whose filter a row is (a reseller sees only its own). */
export const FILTER_ACCESS = { owner: 'filter.owner' } as const;

export const filterDefinition: ResourceDefinition<StopText> = {
  name: 'filters',
  title: 'Filters',
  singular: 'Filter',
  idField: 'filter_uuid',
  // docs/spec.md §7: newest created_on first
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'text', title: 'Stop text', search: 'text' },
    { key: 'is_active', title: 'Active', width: 100, render: (v) => (v ? 'Yes' : 'No') },
    {
      key: 'reseller_uuid',
      title: 'Owner',
      width: 140,
      access: FILTER_ACCESS.owner,
      render: (v) => (v ? 'Reseller' : 'Platform'),
    },
    { key: 'created_on', title: 'Created', sortable: true, width: 200, dateTime: true },
  ],
  // limit from the contract's StopTextBody schema
  formFields: [
    { name: 'text', label: 'Stop text', kind: 'text', required: true, maxLength: STOP_TEXT_MAX },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

export function filterFields(values: FormValues): StopTextBody['filter'] {
  return { text: String(values['text'] ?? '').trim(), is_active: !!values['is_active'] };
}

export const filterBundle: ResourceBundle<StopText, StopTextBody['filter'], StopTextPatchBody['filter']> = {
  definition: filterDefinition,
  useList: useListFiltersQuery,
  useLazyList: useLazyListFiltersQuery,
  useGet: useGetFilterQuery,
  useCreate: useCreateFilterMutation,
  useUpdate: useUpdateFilterMutation,
  useDelete: useDeleteFilterMutation,
  defaults: { is_active: true },
  toCreate: filterFields,
  toPatch: filterFields,
};

/** The filter screens of docs/spec.md §2, the same paths under system admin and reseller. */
export const filterPages: ResourcePages<StopText> = {
  path: 'filters',
  redirectTo: 'filter-list',
  list: { path: 'filter-list', title: 'Filter list' },
  create: { path: 'add-filter', title: 'Add filter' },
  edit: { path: 'edit-filter/:id', title: 'Edit filter' },
};
