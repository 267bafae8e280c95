import { HomePatch, PASSWORD_MIN_LENGTH, type Company, type Home, type User } from '@smsc/shared-contract';
import { browserZone, currentZoneName } from '@smsc/shared-util';
import {
  Tag,
  timeZoneField,
  type FormValues,
  type RecordQueryState,
  type ResourceBundle,
  type ResourceDefinition,
} from '@smsc/shared-ui';
import { useGetHomeQuery, useUpdateHomeMutation } from './profile.api';

// a solid dark green: white on it is 5.6:1, where antd's light green tag text is under 4.5:1
const ACTIVE_GREEN = '#237804';

const TYPE_LABELS: Record<User['user_type'], string> = {
  admin: 'System admin',
  reseller: 'Reseller',
  company_admin: 'Company admin',
  user: 'User',
};
const yesNo = (v: unknown) => (v ? 'Yes' : 'No');
const passwordRule = {
  min: PASSWORD_MIN_LENGTH,
  message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
};

// What a form rule may read of the form (a slice of antd's form instance, so no antd import here).
type FormView = { getFieldValue(name: string): unknown };
const typedNewPassword = (form: FormView) => {
  const value = form.getFieldValue('password');
  return typeof value === 'string' && value !== '';
};
const sameAsNewPassword = (form: FormView) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (typedNewPassword(form) && value !== form.getFieldValue('password'))
      throw new Error('The two new passwords differ');
  },
});
// The server refuses a new password without the current one; asking here saves a round trip.
const neededForNewPassword = (form: FormView) => ({
  validator: async (_rule: unknown, value: unknown) => {
    if (typedNewPassword(form) && (typeof value !== 'string' || value === ''))
      throw new Error('Enter your current password to set a new one');
  },
});

/** The signed-in user's own record: what the profile shows and the name/password it may change. */
export const accountDefinition: ResourceDefinition<User> = {
  name: 'profile',
  title: 'Profile',
  singular: 'Profile',
  idField: 'uuid',
  columns: [
    { key: 'full_name', title: 'Full name' },
    { key: 'email', title: 'Email' },
    { key: 'user_type', title: 'Account type', render: (v) => TYPE_LABELS[v as User['user_type']] ?? String(v) },
    { key: 'company_name', title: 'Company' },
    { key: 'created_on', title: 'Member since', dateTime: true },
  ],
  formFields: [
    {
      name: 'full_name',
      label: 'Full name',
      kind: 'text',
      required: true,
      maxLength: HomePatch.properties.full_name.maxLength,
    },
    {
      name: 'password',
      label: 'New password',
      kind: 'password',
      placeholder: 'Leave empty to keep the current one',
      rules: [passwordRule],
    },
    { name: 'password_repeat', label: 'Repeat new password', kind: 'password', rules: [sameAsNewPassword] },
    {
      name: 'current_password',
      label: 'Current password',
      kind: 'password',
      autoComplete: 'current-password',
      placeholder: 'Needed to set a new password',
      rules: [neededForNewPassword],
    },
  ],
};

/**
 * The own record of an account without a company (system admin, reseller): as accountDefinition, with the zone
 * every date the console shows it, and its reports' days, are in. Company people follow their company's zone.
 */
export const ownZoneAccountDefinition: ResourceDefinition<User> = {
  ...accountDefinition,
  columns: [
    ...accountDefinition.columns,
    { key: 'time_zone', title: 'Time zone', render: (v) => (v ? String(v) : 'Not chosen yet (reports count in UTC)') },
  ],
  formFields: [
    ...accountDefinition.formFields.slice(0, 1),
    timeZoneField('Every date and time the console shows you is in this zone, and your reports count its days.'),
    ...accountDefinition.formFields.slice(1),
  ],
};

/** The own-record definition for an account: with its own zone when it has no company. */
export const accountDefinitionFor = (home: Home): ResourceDefinition<User> =>
  home.company ? accountDefinition : ownZoneAccountDefinition;

/** The signed-in user's company: what the company profile shows and the name its admin may change. */
export const companyInfoDefinition: ResourceDefinition<Company> = {
  name: 'company-info',
  title: 'Company info',
  singular: 'Company info',
  idField: 'company_uuid',
  columns: [
    { key: 'company_name', title: 'Company name' },
    {
      key: 'status',
      title: 'Status',
      render: (v) => (v === 'active' ? <Tag color={ACTIVE_GREEN}>Active</Tag> : <Tag>Inactive</Tag>),
    },
    { key: 'reseller_name', title: 'Reseller', render: (v) => (v ? String(v) : 'None') },
    { key: 'prepay', title: 'Prepaid', render: yesNo },
    { key: 'is_below_credit_limit', title: 'Below credit limit', render: yesNo },
    { key: 'time_zone', title: 'Time zone' },
    { key: 'created_on', title: 'Created', dateTime: true },
  ],
  formFields: [
    {
      name: 'company_name',
      label: 'Company name',
      kind: 'text',
      required: true,
      maxLength: HomePatch.properties.company_name.maxLength,
    },
    {
      name: 'users_see_money',
      label: 'Users see balance and prices',
      kind: 'switch',
      help: "Off: the company's users send and read messages without the balance or any price. Admins always see them.",
    },
    timeZoneField(
      "Every date and time the company's people see is in this zone; its reports, spend limits and reminders count its days.",
    ),
  ],
};

const notFound = (what: string) => ({ status: 404, data: { code: 'not_found', detail: `${what} not found` } });

/**
 * A hook reading one record out of /home for an address with an id: an id that is not the
 * caller's own answers 'not found', like a foreign record would.
 */
export function homeRecordHook<T>(
  pick: (home: Home) => T | null,
  idOf: (home: Home) => string | null | undefined,
  what: string,
) {
  return function useHomeRecord(id: string): RecordQueryState<T> {
    const home = useGetHomeQuery();
    const { data, isLoading, isFetching, error, refetch } = home;
    if (!data) return { isLoading, isFetching, error, refetch };
    const record = pick(data);
    if (!record || idOf(data) !== id) return { error: notFound(what) };
    return { data: record, isFetching, refetch };
  };
}

function useUpdateHome() {
  const [patch, state] = useUpdateHomeMutation();
  return [(arg: { id: string; body: HomePatch }) => patch(arg.body), state] as const;
}

/**
 * Name, zone (accounts without a company; sent when it differs from the stored one) and password changes; an empty
 * password keeps the current one, a new one carries the current.
 */
export function toAccountPatch(values: FormValues, stored?: Pick<User, 'time_zone'>): HomePatch {
  const patch: HomePatch = { full_name: String(values.full_name ?? '').trim() };
  const zone = values.time_zone;
  if (typeof zone === 'string' && zone !== '' && zone !== stored?.time_zone) patch.time_zone = zone;
  if (typeof values.password === 'string' && values.password !== '') {
    patch.password = values.password;
    patch.current_password = typeof values.current_password === 'string' ? values.current_password : '';
  }
  return patch;
}

/**
 * The form's starting values: the name, and for an account without a company its own zone, or the browser's (the
 * one its times are shown in) while it has none saved.
 */
export const accountForm = (u: User): FormValues => ({
  full_name: u.full_name,
  ...(u.company_uuid ? {} : { time_zone: u.time_zone ?? currentZoneName(browserZone()) }),
});

/** The own record at an address carrying the user's id (system admin: edit-admin-info/{id}), with its zone. */
export const accountBundle: ResourceBundle<User, HomePatch, HomePatch> = {
  definition: ownZoneAccountDefinition,
  useGet: homeRecordHook(
    (h) => h.user,
    (h) => h.user.uuid,
    'Profile',
  ),
  useUpdate: useUpdateHome,
  toPatch: (values, user) => toAccountPatch(values, user),
  toForm: accountForm,
};

/** The own record at an address carrying the company's id (company user: edit-company-info/{id}); its zone is its company's. */
export const memberBundle: ResourceBundle<User, HomePatch, HomePatch> = {
  ...accountBundle,
  definition: accountDefinition,
  useGet: homeRecordHook(
    (h) => h.user,
    (h) => h.company?.company_uuid,
    'Company',
  ),
};

/** The company at edit-company-info/{id}; only its admin renames it (the API checks). */
export const companyInfoBundle: ResourceBundle<Company, HomePatch, HomePatch> = {
  definition: companyInfoDefinition,
  useGet: homeRecordHook(
    (h) => h.company,
    (h) => h.company?.company_uuid,
    'Company',
  ),
  useUpdate: useUpdateHome,
  toPatch: (values) => ({
    company_name: String(values.company_name ?? '').trim(),
    users_see_money: !!values.users_see_money,
    ...(typeof values.time_zone === 'string' && values.time_zone ? { time_zone: values.time_zone } : {}),
  }),
  toForm: (c) => ({ company_name: c.company_name, users_see_money: !!c.users_see_money, time_zone: c.time_zone }),
};
