import { PASSWORD_MIN_LENGTH, UserCreate, type User, type UserPatch } from '@smsc/shared-contract';
import { Tag, type FormValues, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateAdminMutation,
  useDeleteAdminMutation,
  useGetAdminQuery,
  useListAdminsQuery,
  useLazyListAdminsQuery,
  useUpdateAdminMutation,
} from './admin.api';

// a solid dark green: white on it is 5.6:1, where antd's light green tag text is under 4.5:1
const ACTIVE_GREEN = '#237804';

type AdminCreate = Omit<UserCreate, 'company_uuid' | 'is_admin'>;
type AdminPatch = Omit<UserPatch, 'is_admin'>;

const passwordRule = {
  min: PASSWORD_MIN_LENGTH,
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
};

export const adminDefinition: ResourceDefinition<User> = {
  name: 'admins',
  title: 'Admins',
  singular: 'Admin',
  idField: 'uuid',
  columns: [
    { key: 'full_name', title: 'Name', sortable: true, search: 'text' },
    { key: 'email', title: 'Email', sortable: true },
    {
      key: 'is_active',
      title: 'Active',
      sortable: true,
      search: 'boolean',
      render: (v) => (v ? <Tag color={ACTIVE_GREEN}>Active</Tag> : <Tag>Inactive</Tag>),
    },
    { key: 'created_on', title: 'Created', sortable: true, dateTime: true },
  ],
  formFields: [
    {
      name: 'full_name',
      label: 'Full name',
      kind: 'text',
      required: true,
      maxLength: UserCreate.properties.full_name.maxLength,
    },
    {
      name: 'email',
      label: 'Email',
      kind: 'email',
      required: true,
      maxLength: UserCreate.properties.email.maxLength,
      createOnly: true,
    },
    { name: 'password', label: 'Password', kind: 'password', required: true, createOnly: true, rules: [passwordRule] },
    {
      name: 'password',
      label: 'New password',
      kind: 'password',
      editOnly: true,
      placeholder: 'Leave empty to keep the current one',
      rules: [passwordRule],
    },
    { name: 'is_active', label: 'Active', kind: 'switch', editOnly: true },
  ],
  defaultSort: { order_by: 'full_name', order_dir: 'asc' },
};

export function toAdminCreate(values: FormValues): AdminCreate {
  return {
    email: String(values.email ?? '').trim(),
    password: String(values.password ?? ''),
    full_name: String(values.full_name ?? '').trim(),
  };
}

/** Only what changed; an empty new password keeps the old one. */
export function toAdminPatch(values: FormValues, record: User): AdminPatch {
  const patch: AdminPatch = {};
  const name = values.full_name === undefined ? undefined : String(values.full_name).trim();
  if (name !== undefined && name !== record.full_name) patch.full_name = name;
  if (values.is_active !== undefined && !!values.is_active !== record.is_active) patch.is_active = !!values.is_active;
  if (typeof values.password === 'string' && values.password !== '') patch.password = values.password;
  if (!Object.keys(patch).length) patch.full_name = record.full_name;
  return patch;
}

export const adminBundle: ResourceBundle<User, AdminCreate, AdminPatch> = {
  definition: adminDefinition,
  useList: useListAdminsQuery,
  useLazyList: useLazyListAdminsQuery,
  useGet: useGetAdminQuery,
  useCreate: useCreateAdminMutation,
  useUpdate: useUpdateAdminMutation,
  useDelete: useDeleteAdminMutation,
  toCreate: toAdminCreate,
  toPatch: toAdminPatch,
  toForm: (u) => ({ full_name: u.full_name, is_active: u.is_active }),
};
