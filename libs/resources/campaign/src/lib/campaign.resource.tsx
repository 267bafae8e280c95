import {
  CAMPAIGN_NAME_MAX,
  CAMPAIGN_TEXT_MAX,
  type Campaign,
  type CampaignCreateBody,
  type CampaignPatchBody,
  type CampaignProgress,
  type CampaignStatus,
} from '@smsc/shared-contract';
import {
  Progress,
  Tag,
  type FormRule,
  type FormValues,
  type ResourceBundle,
  type ResourceDefinition,
} from '@smsc/shared-ui';
import { formatDateTime, formatPhone, placeholders } from '@smsc/shared-util';
import { lookupOf } from '@smsc/shared-api';
import {
  useCampaignAniGroupOptionsQuery,
  useCampaignSenderOptionsQuery,
  useCreateCampaignMutation,
  useDeleteCampaignMutation,
  useGetCampaignQuery,
  useCampaignTemplateOptionsQuery,
  useLazyListCampaignsQuery,
  useLiveCampaignList,
  useUpdateCampaignMutation,
} from './campaign.api';

export const CAMPAIGN_ACCESS = { company: 'campaign.company' } as const;

const STATUS_COLORS: Record<CampaignStatus, string> = {
  draft: 'default',
  running: 'processing',
  held: 'warning',
  stopped: 'error',
  finished: 'success',
};
export const statusTag = (s: CampaignStatus) => <Tag color={STATUS_COLORS[s]}>{s}</Tag>;

/**
 * "12 / 40 handed over · 10 delivered · 1 failed · 28 left" with a bar (blocked named when there are any);
 * null progress (a draft) shows a dash.
 */
export function ProgressCell({ progress }: { progress: CampaignProgress | null }) {
  if (!progress) return <span>–</span>;
  const percent = progress.total ? Math.round(((progress.total - progress.left) / progress.total) * 100) : 0;
  return (
    <div>
      <Progress percent={percent} size="small" aria-label={`Campaign progress ${percent}%`} />
      <small>{`${progress.sent} / ${progress.total} handed over · ${progress.delivered} delivered · ${progress.failed} failed${progress.blocked ? ` · ${progress.blocked} blocked` : ''} · ${progress.left} left`}</small>
      {progress.waiting_until && (
        <div data-testid="campaign-waiting">
          <small>{`Waiting for its sending window until ${formatDateTime(progress.waiting_until, { label: true })}`}</small>
        </div>
      )}
    </div>
  );
}

const useSenderOptions = () =>
  lookupOf(useCampaignSenderOptionsQuery(), (d) => d.items.map((n) => ({ value: n.did, label: formatPhone(n.did) })));
const useTemplateOptions = () =>
  lookupOf(useCampaignTemplateOptionsQuery(), (d) => d.items.map((t) => ({ value: t.id, label: t.template_name })));
const useGroupOptions = () =>
  lookupOf(useCampaignAniGroupOptionsQuery(), (d) =>
    d.items.map((g) => ({ value: g.ani_group_uuid, label: `${g.name} (${g.number_count})` })),
  );

const TIME = { pattern: /^([01][0-9]|2[0-3]):[0-5][0-9]$/, message: 'A time as HH:MM (24-hour)' };

const text = (v: unknown) => String(v ?? '').trim();

/** "order=A-12" lines → { order: 'A-12' } (a line without "=" is ignored; the rule names it). */
export function parseValues(v: unknown): Record<string, string> {
  const out: Record<string, string> = {};
  for (const line of String(v ?? '').split(/\r?\n/)) {
    const at = line.indexOf('=');
    if (at <= 0) continue;
    const key = line
      .slice(0, at)
      .trim()
      .replace(/^\{|\}$/g, '');
    if (key) out[key] = line.slice(at + 1).trim();
  }
  return out;
}

/**
 * The text's placeholders that nothing fills: {number} is each number's, {name} a saved recipient's
 * (numbers typed or from an ANI group have none), the rest need a value here. The server refuses the run the same way.
 */
export function unfilledPlaceholders(values: FormValues): string[] {
  const given = parseValues(values['values']);
  const have = new Set(
    Object.keys(given)
      .filter((k) => given[k])
      .map((k) => k.toLowerCase().replace(/[\s.-]+/g, '_')),
  );
  const bareNumbers = lines(values['numbers']).length > 0 || !!values['recipient_ani_group_uuid'];
  return placeholders(text(values['text'])).filter(
    (p) => p !== 'number' && !(p === 'name' && !bareNumbers) && !have.has(p),
  );
}

const placeholderRule: FormRule = ({ getFieldsValue }) => ({
  validator: async () => {
    const missing = unfilledPlaceholders(getFieldsValue(true) as FormValues);
    const bad = String((getFieldsValue(true) as FormValues)['values'] ?? '')
      .split(/\r?\n/)
      .find((l) => l.trim() && l.indexOf('=') <= 0);
    if (bad) throw new Error(`Write each value as name=value ("${bad.trim()}" has no "=")`);
    if (missing.length)
      throw new Error(
        `Give a value for ${missing.map((m) => `{${m}}`).join(', ')}${missing.includes('name') ? ' (typed numbers have no name)' : ''}`,
      );
  },
});
const lines = (v: unknown) =>
  text(v)
    .split(/[\n,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);

export const campaignDefinition: ResourceDefinition<Campaign> = {
  name: 'campaigns',
  title: 'Campaigns',
  singular: 'Campaign',
  idField: 'campaign_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'campaign_name', title: 'Name', sortable: true, search: 'text', width: 200 },
    {
      key: 'status',
      title: 'State',
      sortable: true,
      width: 180,
      // a campaign held by its opt-out rate says so where its state is read (issue 52)
      render: (v, row) => (
        <>
          {statusTag(v as CampaignStatus)}
          {row.pause_reason ? (
            <div>
              <small>{row.pause_reason}</small>
            </div>
          ) : null}
        </>
      ),
    },
    { key: 'recipient_count', title: 'Recipients', width: 110 },
    { key: 'progress', title: 'Progress', width: 300, render: (_v, row) => <ProgressCell progress={row.progress} /> },
    { key: 'ani', title: 'Sender', width: 170, render: (v, row) => (v as string | null) ?? row.ani_group_name ?? '–' },
    { key: 'company_name', title: 'Company', width: 160, access: CAMPAIGN_ACCESS.company },
    {
      key: 'start_at',
      title: 'Starts',
      dateTime: true,
      width: 190,
      render: (v) => (v ? formatDateTime(v as string) : 'When run'),
    },
    {
      key: 'created_on',
      title: 'Created',
      sortable: true,
      width: 190,
      hideInTable: true,
      dateTime: true,
    },
  ],
  formFields: [
    { name: 'campaign_name', label: 'Name', kind: 'text', required: true, maxLength: CAMPAIGN_NAME_MAX },
    {
      name: 'text',
      label:
        "Text ({name} is a saved recipient's name, {number} each number; other {placeholders} take the values below)",
      kind: 'textarea',
      maxLength: CAMPAIGN_TEXT_MAX,
    },
    {
      name: 'sms_template_uuid',
      label: 'Approved template (sent instead of the text)',
      kind: 'select',
      useOptions: useTemplateOptions,
    },
    {
      name: 'ani',
      label: 'Sender number',
      kind: 'select',
      useOptions: useSenderOptions,
      placeholder: 'One number, or pick an ANI group below',
    },
    {
      name: 'ani_group_uuid',
      label: 'Sender ANI group (its numbers take turns)',
      kind: 'select',
      useOptions: useGroupOptions,
    },
    { name: 'all_recipients', label: 'Send to every recipient of the company', kind: 'switch' },
    {
      name: 'recipient_ani_group_uuid',
      label: 'Also send to the numbers of an ANI group',
      kind: 'select',
      useOptions: useGroupOptions,
    },
    {
      name: 'numbers',
      label: 'Also send to these numbers (one per line)',
      kind: 'textarea',
      placeholder: '+1 212 555 0100',
    },
    {
      name: 'values',
      label: 'Values for placeholders (one per line, e.g. order=A-12)',
      kind: 'textarea',
      placeholder: 'order=A-12',
      rules: [placeholderRule],
    },
    {
      name: 'quiet_start',
      label: "Quiet hours from (recipient's local time; clear both to send at any hour)",
      kind: 'text',
      placeholder: '21:00',
      rules: [TIME],
    },
    { name: 'quiet_end', label: 'Quiet hours until', kind: 'text', placeholder: '08:00', rules: [TIME] },
    {
      name: 'time_zone',
      label: 'Company time zone (for numbers whose area code tells none)',
      kind: 'text',
      placeholder: 'America/New_York',
    },
    { name: 'start_at', label: 'Start at (empty: when run)', kind: 'datetime' },
  ],
};

/** A new campaign's form: quiet hours from 21:00 to 08:00 in each recipient's zone. */
export const CAMPAIGN_DEFAULTS = { quiet_start: '21:00', quiet_end: '08:00' };

/** Form values → POST /campaign (empty pickers are left out, so the server keeps its defaults). */
export function campaignBody(values: FormValues): CampaignCreateBody {
  const start = text(values['start_at']);
  const zone = text(values['time_zone']);
  const body: CampaignCreateBody = {
    campaign_name: text(values['campaign_name']),
    text: text(values['text']) || null,
    sms_template_uuid: (values['sms_template_uuid'] as string | undefined) || null,
    ani: (values['ani'] as string | undefined) || null,
    ani_group_uuid: (values['ani_group_uuid'] as string | undefined) || null,
    quiet_start: text(values['quiet_start']) || null,
    quiet_end: text(values['quiet_end']) || null,
    start_at: start ? new Date(start).toISOString() : null,
    ...(zone ? { time_zone: zone } : {}),
  };
  if (values['all_recipients']) body.all_recipients = true;
  if (values['recipient_ani_group_uuid']) body.recipient_ani_group_uuid = values['recipient_ani_group_uuid'] as string;
  const numbers = lines(values['numbers']);
  if (numbers.length) body.numbers = numbers;
  const typed = parseValues(values['values']);
  body.values = Object.keys(typed).length ? typed : null;
  return body;
}

/** A draft is sent whole; once run, only the name may change (the server answers 409 to the rest). */
export function campaignPatch(values: FormValues, row: Campaign): CampaignPatchBody {
  if (row.status !== 'draft') return { campaign_name: text(values['campaign_name']) };
  return campaignBody(values);
}

export const campaignBundle: ResourceBundle<Campaign, CampaignCreateBody, CampaignPatchBody> = {
  definition: campaignDefinition,
  useList: useLiveCampaignList,
  useLazyList: useLazyListCampaignsQuery,
  useGet: useGetCampaignQuery,
  useCreate: useCreateCampaignMutation,
  useUpdate: useUpdateCampaignMutation,
  useDelete: useDeleteCampaignMutation,
  toCreate: campaignBody,
  // quiet hours are on unless cleared: the form shows them as values, not as hints that send nothing
  defaults: CAMPAIGN_DEFAULTS,
  toPatch: campaignPatch,
  toForm: (row) => ({
    campaign_name: row.campaign_name,
    text: row.text ?? '',
    sms_template_uuid: row.sms_template_uuid ?? undefined,
    ani: row.ani ?? undefined,
    ani_group_uuid: row.ani_group_uuid ?? undefined,
    quiet_start: row.quiet_start ?? '',
    quiet_end: row.quiet_end ?? '',
    time_zone: row.time_zone,
    start_at: row.start_at ?? '',
    values: Object.entries(row.values ?? {})
      .map(([k, v]) => `${k}=${v}`)
      .join('\n'),
  }),
};
