import {
  SMPP_SYSTEM_ID_PREFIX_MAX,
  SmppAccountCreateBody,
  type SmppAccount,
  type SmppAccountCreateBody as CreateBody,
  type SmppAccountPatchBody as PatchBody,
} from '@smsc/shared-contract';
import {
  Tag,
  type FormValues,
  type ResourceBundle,
  type ResourceDefinition,
  type ResourcePages,
} from '@smsc/shared-ui';
import {
  useCreateSmppAccountMutation,
  useDeleteSmppAccountMutation,
  useGetSmppAccountQuery,
  useLazyListSmppAccountsQuery,
  useListSmppAccountsQuery,
  useUpdateSmppAccountMutation,
} from './smpp-account.api';
import { SmppBindsPanel } from './smpp-binds-panel';
import { TpsCeilingHelp } from './tps-ceiling-help';
import { SmppAccountPanel, SmppLockState, lockText } from './smpp-lock-state';
import { useCompanyOptions } from '@smsc/shared-api';
import { SmppConnectionDetails } from './smpp-connection';

/** Access keys of the roles that see several companies' accounts (the system admin, a reseller). */
export const SMPP_ACCOUNT_ACCESS = {
  /** the company column */
  company: 'smpp-account.company',
  /** the company picker on the add form */
  pickCompany: 'smpp-account.pick-company',
  /** the add form keeps the system_id as typed (the system admin) */
  exactSystemId: 'smpp-account.exact-system-id',
  /** the add form's system_id is a prefix the server completes (resellers, company admins) */
  suffixedSystemId: 'smpp-account.suffixed-system-id',
} as const;

const P = SmppAccountCreateBody.properties;
const passwordRule = {
  min: P.password.minLength,
  max: P.password.maxLength,
  message: `SMPP passwords are ${P.password.minLength} to ${P.password.maxLength} characters (SMPP 3.4 carries no more)`,
};

export const smppAccountDefinition: ResourceDefinition<SmppAccount> = {
  name: 'smpp-accounts',
  title: 'SMPP accounts',
  singular: 'SMPP account',
  idField: 'smpp_account_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'system_id', title: 'System ID', sortable: true, search: 'text' },
    { key: 'company_name', title: 'Company', sortable: true, access: SMPP_ACCOUNT_ACCESS.company },
    { key: 'tps', title: 'TPS', width: 90 },
    { key: 'max_binds', title: 'Max binds', width: 100 },
    { key: 'binds', title: 'Bound now', width: 110 },
    {
      key: 'allowed_ips',
      title: 'Allowed IPs',
      render: (v) => ((v as string[]).length ? (v as string[]).join(', ') : 'Any'),
    },
    {
      key: 'is_active',
      title: 'Active',
      width: 100,
      render: (v) => (v ? <Tag color="#237804">Active</Tag> : <Tag>Off</Tag>),
    },
    {
      key: 'locked_until',
      title: 'Binds',
      width: 230,
      render: (_v, row) => {
        const text = lockText(row);
        return text ? <Tag color="red">{text}</Tag> : 'Allowed';
      },
      csv: (_v, row) => lockText(row) ?? 'Allowed',
    },
    { key: 'created_on', title: 'Created', sortable: true, width: 200, dateTime: true },
  ],
  // a company's system_id is completed by the server: the toast names the one to bind with
  createdMessage: (a) => `SMPP account created: bind with System ID ${a.system_id}`,
  formFields: [
    {
      name: 'system_id',
      label: 'System ID',
      kind: 'text',
      required: true,
      createOnly: true,
      maxLength: P.system_id.maxLength,
      access: SMPP_ACCOUNT_ACCESS.exactSystemId,
      help: 'Kept exactly as typed; it must be free on the whole platform.',
    },
    {
      name: 'system_id',
      label: 'System ID prefix',
      kind: 'text',
      required: true,
      createOnly: true,
      maxLength: SMPP_SYSTEM_ID_PREFIX_MAX,
      access: SMPP_ACCOUNT_ACCESS.suffixedSystemId,
      placeholder: 'e.g. acme-gw',
      help: `The System ID is what you type (up to ${SMPP_SYSTEM_ID_PREFIX_MAX} characters), a dash and 4 random characters, e.g. acme-gw-k7qm, so it is unique. The final one is shown once the account is created.`,
    },
    { name: 'password', label: 'Password', kind: 'password', required: true, createOnly: true, rules: [passwordRule] },
    {
      name: 'password',
      label: 'New password',
      kind: 'password',
      editOnly: true,
      placeholder: 'Leave empty to keep the current one (a change ends open binds)',
      rules: [passwordRule],
    },
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      required: true,
      createOnly: true,
      access: SMPP_ACCOUNT_ACCESS.pickCompany,
      useOptions: useCompanyOptions,
    },
    {
      name: 'allowed_ips',
      label: 'Allowed IPs',
      kind: 'textarea',
      placeholder: 'Addresses or CIDR ranges, one a line or comma-separated; empty allows any',
    },
    { name: 'max_binds', label: 'Max binds', kind: 'number', min: 1, max: 100 },
    {
      name: 'tps',
      label: 'Submits per second (TPS)',
      kind: 'number',
      min: 1,
      max: P.tps.maximum,
      help: <TpsCeilingHelp />,
    },
    {
      name: 'default_ani',
      label: 'Default sender',
      kind: 'text',
      maxLength: 32,
      placeholder: 'Used when a submit has no source address',
    },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

const ips = (v: unknown) =>
  String(v ?? '')
    .split(/[\s,]+/)
    .map((s) => s.trim())
    .filter(Boolean);
const int = (v: unknown) => (v === undefined || v === null || v === '' ? undefined : Number(v));

export function toSmppCreate(values: FormValues): CreateBody {
  const body: CreateBody = {
    system_id: String(values.system_id ?? '').trim(),
    password: String(values.password ?? ''),
    allowed_ips: ips(values.allowed_ips),
    is_active: !!values.is_active,
  };
  if (values.company_uuid) body.company_uuid = String(values.company_uuid);
  if (int(values.max_binds) !== undefined) body.max_binds = int(values.max_binds);
  if (int(values.tps) !== undefined) body.tps = int(values.tps);
  const ani = String(values.default_ani ?? '').trim();
  if (ani) body.default_ani = ani;
  return body;
}

/** Only what changed; an empty new password keeps the old one. */
export function toSmppPatch(values: FormValues, record: SmppAccount): PatchBody {
  const patch: PatchBody = {};
  const list = ips(values.allowed_ips);
  if (list.join(',') !== record.allowed_ips.join(',')) patch.allowed_ips = list;
  const max = int(values.max_binds);
  if (max !== undefined && max !== record.max_binds) patch.max_binds = max;
  const tps = int(values.tps);
  if (tps !== undefined && tps !== record.tps) patch.tps = tps;
  const ani = String(values.default_ani ?? '').trim() || null;
  if (ani !== record.default_ani) patch.default_ani = ani;
  if (values.is_active !== undefined && !!values.is_active !== record.is_active) patch.is_active = !!values.is_active;
  if (typeof values.password === 'string' && values.password !== '') patch.password = values.password;
  return patch;
}

export const smppAccountBundle: ResourceBundle<SmppAccount, CreateBody, PatchBody> = {
  definition: smppAccountDefinition,
  useList: useListSmppAccountsQuery,
  useLazyList: useLazyListSmppAccountsQuery,
  useGet: useGetSmppAccountQuery,
  useCreate: useCreateSmppAccountMutation,
  useUpdate: useUpdateSmppAccountMutation,
  useDelete: useDeleteSmppAccountMutation,
  defaults: { is_active: true, max_binds: 2, tps: 50 },
  toCreate: toSmppCreate,
  toPatch: toSmppPatch,
  toForm: (a) => ({
    allowed_ips: a.allowed_ips.join('\n'),
    max_binds: a.max_binds,
    tps: a.tps,
    default_ani: a.default_ani ?? '',
    is_active: a.is_active,
  }),
};

/** The same screens under every role that manages SMPP accounts; the account's page shows its live binds. */
export const smppAccountPages: ResourcePages<SmppAccount> = {
  path: 'smpp-accounts',
  redirectTo: 'smpp-account-list',
  list: { path: 'smpp-account-list', title: 'SMPP accounts' },
  create: { path: 'add-smpp-account', title: 'Add SMPP account' },
  edit: { path: 'edit-smpp-account/:id', title: 'Edit SMPP account' },
  // the new account's page shows the system_id the server chose
  openCreated: true,
  // issue 45: where to connect, above the accounts and beside each one
  listExtra: <SmppConnectionDetails />,
  editExtra: (
    <>
      <SmppConnectionDetails />
      <SmppAccountPanel />
      <SmppBindsPanel />
    </>
  ),
  rowActions: (row) => <SmppLockState account={row} compact />,
  rowActionsWidth: 90,
};
