import {
  CAMPAIGN_NAME_MAX,
  type AniGroup,
  type AniGroupCreateBody,
  type AniGroupPatchBody,
} from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import {
  useCreateAniGroupMutation,
  useDeleteAniGroupMutation,
  useGetAniGroupQuery,
  useLazyListAniGroupsQuery,
  useListAniGroupsQuery,
  useUpdateAniGroupMutation,
} from './ani-group.api';

/** Access key: roles above a company see whose group a row is. */
export const ANI_GROUP_ACCESS = { company: 'ani-group.company' } as const;

export const aniGroupDefinition: ResourceDefinition<AniGroup> = {
  name: 'ani-groups',
  title: 'ANI groups',
  singular: 'ANI group',
  idField: 'ani_group_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'name', title: 'Name', sortable: true, search: 'text', width: 220 },
    { key: 'number_count', title: 'Numbers', width: 110 },
    { key: 'company_name', title: 'Company', width: 160, access: ANI_GROUP_ACCESS.company },
    { key: 'created_on', title: 'Created', sortable: true, width: 190, dateTime: true },
  ],
  formFields: [
    { name: 'name', label: 'Name', kind: 'text', required: true, maxLength: CAMPAIGN_NAME_MAX },
    {
      name: 'numbers',
      label: 'Sending numbers (one per line, in the order they take turns)',
      kind: 'textarea',
      required: true,
      placeholder: '+1 212 555 2301\n+1 212 555 2302',
      createOnly: true,
    },
    {
      name: 'replace_numbers',
      label: 'Replace the numbers (one per line; leave empty to keep them)',
      kind: 'textarea',
      placeholder: '+1 212 555 2301\n+1 212 555 2302',
      editOnly: true,
    },
  ],
};

/** The numbers typed one per line (commas and semicolons also separate them). */
export const splitNumbers = (text: unknown): string[] =>
  String(text ?? '')
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export function aniGroupBody(values: FormValues): AniGroupCreateBody {
  return { name: String(values['name'] ?? '').trim(), numbers: splitNumbers(values['numbers']) };
}

/** An edit sends the numbers only when some were typed (the group keeps its list otherwise). */
export function aniGroupPatch(values: FormValues): AniGroupPatchBody {
  const numbers = splitNumbers(values['replace_numbers']);
  return { name: String(values['name'] ?? '').trim(), ...(numbers.length ? { numbers } : {}) };
}

export const aniGroupBundle: ResourceBundle<AniGroup, AniGroupCreateBody, AniGroupPatchBody> = {
  definition: aniGroupDefinition,
  useList: useListAniGroupsQuery,
  useLazyList: useLazyListAniGroupsQuery,
  useGet: useGetAniGroupQuery,
  useCreate: useCreateAniGroupMutation,
  useUpdate: useUpdateAniGroupMutation,
  useDelete: useDeleteAniGroupMutation,
  toCreate: aniGroupBody,
  toPatch: aniGroupPatch,
  toForm: (row) => ({ name: row.name, replace_numbers: '' }),
};
