import { useLocation } from 'react-router';
import type { ResourceDefinition } from './types';

export interface Company {
  id: number;
  name: string;
  email: string;
  status: string;
  is_admin: boolean;
}

export const companies: ResourceDefinition<Company> = {
  name: 'companies',
  title: 'Companies',
  singular: 'Company',
  idField: 'id',
  columns: [
    { key: 'id', title: 'ID', sortable: true, width: 80 },
    { key: 'name', title: 'Name', sortable: true, search: 'text' },
    { key: 'email', title: 'Email', search: 'text' },
    {
      key: 'status',
      title: 'Status',
      search: 'select',
      options: [
        { label: 'Active', value: 'active' },
        { label: 'On hold', value: 'hold' },
      ],
    },
    { key: 'is_admin', title: 'Admin', search: 'boolean', render: (v) => (v ? 'yes' : 'no') },
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: 20 },
    { name: 'email', label: 'Email', kind: 'email', required: true },
    { name: 'password', label: 'Password', kind: 'password', required: true, createOnly: true },
    { name: 'credit', label: 'Credit', kind: 'number', min: 0, max: 1000 },
    { name: 'enabled', label: 'Enabled', kind: 'switch' },
    { name: 'notes', label: 'Notes', kind: 'textarea', editOnly: true },
  ],
  defaultSort: { order_by: 'id', order_dir: 'desc' },
};

export const rows: Company[] = [
  { id: 1, name: 'Acme', email: 'ops@acme.test', status: 'active', is_admin: true },
  { id: 2, name: 'Globex', email: 'it@globex.test', status: 'hold', is_admin: false },
];

/** Shows the current URL search so tests can read what the list wrote there. */
export function LocationProbe() {
  const { pathname, search } = useLocation();
  return (
    <>
      <output data-testid="pathname">{pathname}</output>
      <output data-testid="location">{search}</output>
    </>
  );
}

export function searchOf(text: string | null): URLSearchParams {
  return new URLSearchParams(text ?? '');
}
