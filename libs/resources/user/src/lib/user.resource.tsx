import {
  PASSWORD_MIN_LENGTH,
  UserCreate,
  type User,
  type UserCreate as UserCreateBody,
  type UserPatch,
} from '@smsc/shared-contract';
import { Tag, type FormValues, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateUserMutation,
  useDeleteUserMutation,
  useGetUserQuery,
  useListUsersQuery,
  useLazyListUsersQuery,
  useUpdateUserMutation,
} from './user.api';
import { useCompanyOptions } from '@smsc/shared-api';

// a solid dark green: white on it is 5.6:1, where antd's light green tag text is under 4.5:1
const ACTIVE_GREEN = '#237804';

/** Access keys a role holds to see the parts of the user screens that span companies. */
export const USER_ACCESS = {
  /** the company column and its search field (roles that see several companies) */
  company: 'user.company',
  /** the company picker on the add form (a reseller places users in one of its companies) */
  pickCompany: 'user.pick-company',
  /** the user type column and filter (the system admin also sees admins and resellers) */
  type: 'user.type',
} as const;

const TYPE_LABELS: Record<User['user_type'], string> = {
  admin: 'System admin',
  reseller: 'Reseller',
  company_admin: 'Company admin',
  user: 'User',
};
const NAME_MAX = UserCreate.properties.full_name.maxLength;
const EMAIL_MAX = UserCreate.properties.email.maxLength;

const passwordRule = {
  min: PASSWORD_MIN_LENGTH,
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
};

export const activeTag = (active: unknown) => (active ? <Tag color={ACTIVE_GREEN}>Active</Tag> : <Tag>Inactive</Tag>);

export { useCompanyOptions };

export const userDefinition: ResourceDefinition<User> = {
  name: 'users',
  title: 'Users',
  singular: 'User',
  idField: 'uuid',
  columns: [
    { key: 'full_name', title: 'Name', sortable: true, search: 'text' },
    { key: 'email', title: 'Email', sortable: true },
    { key: 'company_name', title: 'Company', sortable: true, search: 'text', access: USER_ACCESS.company },
    {
      key: 'user_type',
      title: 'Type',
      sortable: true,
      search: 'select',
      access: USER_ACCESS.type,
      options: Object.entries(TYPE_LABELS).map(([value, label]) => ({ value, label })),
      render: (v) => TYPE_LABELS[v as User['user_type']] ?? String(v),
    },
    { key: 'is_admin', title: 'Admin', search: 'boolean', render: (v) => (v ? 'Yes' : 'No') },
    { key: 'is_active', title: 'Active', sortable: true, search: 'boolean', render: activeTag },
    { key: 'created_on', title: 'Created', sortable: true, dateTime: true },
  ],
  formFields: [
    { name: 'full_name', label: 'Full name', kind: 'text', required: true, maxLength: NAME_MAX },
    { name: 'email', label: 'Email', kind: 'email', required: true, maxLength: EMAIL_MAX, createOnly: true },
    { name: 'password', label: 'Password', kind: 'password', required: true, createOnly: true, rules: [passwordRule] },
    {
      name: 'password',
      label: 'New password',
      kind: 'password',
      editOnly: true,
      placeholder: 'Leave empty to keep the current one',
      rules: [passwordRule],
    },
    // the server asks for it when the signed-in user sets its own new password here
    {
      name: 'current_password',
      label: 'Your current password',
      kind: 'password',
      editOnly: true,
      autoComplete: 'current-password',
      placeholder: 'Needed only to change your own password',
    },
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      required: true,
      createOnly: true,
      access: USER_ACCESS.pickCompany,
      useOptions: useCompanyOptions,
    },
    { name: 'is_admin', label: 'Company admin', kind: 'switch' },
    { name: 'is_active', label: 'Active', kind: 'switch', editOnly: true },
  ],
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
};

/** Form values to the create body: switches left untouched mean "no". */
export function toUserCreate(values: FormValues): UserCreateBody {
  const body: UserCreateBody = {
    email: String(values.email ?? '').trim(),
    password: String(values.password ?? ''),
    full_name: String(values.full_name ?? '').trim(),
    is_admin: !!values.is_admin,
  };
  if (values.company_uuid) body.company_uuid = String(values.company_uuid);
  return body;
}

/** Only what changed is sent, and an empty new password keeps the old one. */
export function toUserPatch(values: FormValues, record: User): UserPatch {
  const patch: UserPatch = {};
  const name = values.full_name === undefined ? undefined : String(values.full_name).trim();
  if (name !== undefined && name !== record.full_name) patch.full_name = name;
  if (values.is_admin !== undefined && !!values.is_admin !== record.is_admin) patch.is_admin = !!values.is_admin;
  if (values.is_active !== undefined && !!values.is_active !== record.is_active) patch.is_active = !!values.is_active;
  if (typeof values.password === 'string' && values.password !== '') {
    patch.password = values.password;
    if (typeof values.current_password === 'string' && values.current_password !== '')
      patch.current_password = values.current_password;
  }
  // the API wants at least one field; an unchanged form re-sends the name
  if (!Object.keys(patch).length) patch.full_name = record.full_name;
  return patch;
}

export const userBundle: ResourceBundle<User, UserCreateBody, UserPatch> = {
  definition: userDefinition,
  useList: useListUsersQuery,
  useLazyList: useLazyListUsersQuery,
  useGet: useGetUserQuery,
  useCreate: useCreateUserMutation,
  useUpdate: useUpdateUserMutation,
  useDelete: useDeleteUserMutation,
  toCreate: toUserCreate,
  toPatch: toUserPatch,
  toForm: (u) => ({ full_name: u.full_name, is_admin: u.is_admin, is_active: u.is_active }),
};
