import {
  CAMPAIGN_JOINABLE,
  CAMPAIGN_TEXT_MAX,
  type CampaignStatus,
  type Keyword,
  type KeywordAction,
  type KeywordCreateBody,
  type KeywordPatchBody,
} from '@smsc/shared-contract';
import { Tag, type FormValues, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { lookupOf } from '@smsc/shared-api';
import {
  useCreateKeywordMutation,
  useDeleteKeywordMutation,
  useGetKeywordQuery,
  useKeywordCampaignOptionsQuery,
  useLazyListKeywordsQuery,
  useListKeywordsQuery,
  useUpdateKeywordMutation,
} from './keyword.api';

export const KEYWORD_ACCESS = { company: 'keyword.company' } as const;

const ACTIONS: { value: KeywordAction; label: string }[] = [
  { value: 'reply', label: 'Reply with a text' },
  { value: 'opt_in', label: 'Join a campaign' },
  { value: 'stop', label: 'Unsubscribe (STOP)' },
];
const actionLabel = (a: unknown) => ACTIONS.find((x) => x.value === a)?.label ?? String(a);

const NOT_RUNNING: Partial<Record<CampaignStatus, string>> = {
  held: 'Not running (paused): nobody can join',
  stopped: 'Not running (stopped): nobody can join',
  finished: 'Not running (finished): nobody can join',
};
/** The campaign's name, flagged when its keyword would turn people away (they are told so by text). */
export function campaignCell(row: Pick<Keyword, 'action' | 'campaign_name' | 'campaign_status'>) {
  if (!row.campaign_name) return '';
  const status = row.campaign_status;
  if (row.action !== 'opt_in' || !status || CAMPAIGN_JOINABLE.includes(status)) return row.campaign_name;
  return (
    <>
      {row.campaign_name} <Tag color="warning">{NOT_RUNNING[status]}</Tag>
    </>
  );
}

const useCampaignOptions = () =>
  lookupOf(useKeywordCampaignOptionsQuery(), (d) =>
    d.items.map((c) => ({ value: c.campaign_uuid, label: c.campaign_name })),
  );

export const keywordDefinition: ResourceDefinition<Keyword> = {
  name: 'keywords',
  title: 'Keywords',
  singular: 'Keyword',
  idField: 'keyword_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'keyword', title: 'Keyword', sortable: true, search: 'text', width: 140 },
    { key: 'action', title: 'Action', width: 170, render: (v) => actionLabel(v) },
    { key: 'reply_text', title: 'Reply', width: 260 },
    { key: 'campaign_name', title: 'Campaign', width: 220, render: (_v, row) => campaignCell(row) },
    { key: 'did', title: 'Number', width: 150, render: (v) => (v as string | null) ?? 'Every number' },
    {
      key: 'is_active',
      title: 'Active',
      width: 90,
      render: (v) => (v ? <Tag color="green">Active</Tag> : <Tag>Off</Tag>),
    },
    { key: 'company_name', title: 'Company', width: 160, access: KEYWORD_ACCESS.company },
    { key: 'created_on', title: 'Created', sortable: true, width: 190, dateTime: true },
  ],
  formFields: [
    {
      name: 'keyword',
      label: 'Keyword (one word)',
      kind: 'text',
      required: true,
      maxLength: 30,
      rules: [{ pattern: /^\s*[\p{L}\p{N}]+\s*$/u, message: 'One word of letters and digits' }],
    },
    { name: 'action', label: 'Action', kind: 'select', required: true, options: ACTIONS },
    {
      name: 'reply_text',
      label: 'Reply text (needed for "Reply with a text")',
      kind: 'textarea',
      maxLength: CAMPAIGN_TEXT_MAX,
    },
    {
      name: 'campaign_uuid',
      label: 'Campaign to join (for "Join a campaign")',
      kind: 'select',
      useOptions: useCampaignOptions,
    },
    {
      name: 'did',
      label: 'Only on this number (empty: every number of the company)',
      kind: 'text',
      maxLength: 24,
      placeholder: '+1 212 555 2301',
    },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

export function keywordBody(values: FormValues): KeywordCreateBody {
  const action = values['action'] as KeywordAction;
  const text = String(values['reply_text'] ?? '').trim();
  const did = String(values['did'] ?? '').trim();
  return {
    keyword: String(values['keyword'] ?? '').trim(),
    action,
    reply_text: text || null,
    campaign_uuid: action === 'opt_in' ? ((values['campaign_uuid'] as string | undefined) ?? null) : null,
    did: did || null,
    is_active: values['is_active'] !== false,
  };
}

export const keywordBundle: ResourceBundle<Keyword, KeywordCreateBody, KeywordPatchBody> = {
  definition: keywordDefinition,
  useList: useListKeywordsQuery,
  useLazyList: useLazyListKeywordsQuery,
  useGet: useGetKeywordQuery,
  useCreate: useCreateKeywordMutation,
  useUpdate: useUpdateKeywordMutation,
  useDelete: useDeleteKeywordMutation,
  toCreate: keywordBody,
  toPatch: keywordBody,
  defaults: { action: 'reply', is_active: true },
  toForm: (row) => ({
    keyword: row.keyword,
    action: row.action,
    reply_text: row.reply_text ?? '',
    campaign_uuid: row.campaign_uuid ?? undefined,
    did: row.did ?? '',
    is_active: row.is_active,
  }),
};
