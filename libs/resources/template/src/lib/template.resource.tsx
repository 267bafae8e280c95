import {
  TEMPLATE_NAME_MAX,
  TEMPLATE_TEXT_MAX,
  type SmsTemplate,
  type SmsTemplateCreateBody,
  type SmsTemplatePatchBody,
  type TemplateStatus,
} from '@smsc/shared-contract';
import { Tag, type FormValues, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { formatDateTime, placeholders } from '@smsc/shared-util';
import {
  useCreateTemplateMutation,
  useDeleteTemplateMutation,
  useGetTemplateQuery,
  useLazyListTemplatesQuery,
  useListTemplatesQuery,
  useUpdateTemplateMutation,
} from './template.api';
import { useCompanyOptions } from '@smsc/shared-api';

/** Access keys: reviewers (system admin, reseller) see whose template a row is, pick the company and approve or reject. */
export const TEMPLATE_ACCESS = { company: 'template.company', review: 'template.review' } as const;

const STATUS_COLORS: Record<TemplateStatus, string> = { pending: 'gold', approved: 'green', rejected: 'red' };
export const statusTag = (status: unknown) => {
  const s = status as TemplateStatus;
  return <Tag color={STATUS_COLORS[s]}>{s ? s[0].toUpperCase() + s.slice(1) : ''}</Tag>;
};

export const templateDefinition: ResourceDefinition<SmsTemplate> = {
  name: 'templates',
  title: 'Templates',
  singular: 'Template',
  idField: 'id',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'template_name', title: 'Name', sortable: true, search: 'text', width: 200 },
    {
      key: 'text',
      title: 'Text',
      width: 320,
      render: (v) => <span style={{ whiteSpace: 'pre-wrap' }}>{String(v ?? '')}</span>,
    },
    {
      // what a sender will be asked to fill (or the recipient fills): a reviewer sees them before approving
      key: 'placeholders',
      title: 'Placeholders',
      width: 180,
      render: (_v, row) => {
        const names = placeholders(row.text);
        return names.length ? (
          <span data-testid="template-placeholders">
            {names.map((n) => (
              <Tag key={n}>{`{${n}}`}</Tag>
            ))}
          </span>
        ) : (
          'None'
        );
      },
    },
    {
      key: 'status',
      title: 'Status',
      sortable: true,
      width: 120,
      search: 'select',
      render: statusTag,
      // docs/spec.md §4: a status filter with an 'all' option
      options: [
        { label: 'All', value: 'all' },
        { label: 'Pending', value: 'pending' },
        { label: 'Approved', value: 'approved' },
        { label: 'Rejected', value: 'rejected' },
      ],
    },
    { key: 'reject_reason', title: 'Reason', width: 200, render: (v) => (v ? String(v) : '') },
    { key: 'company_name', title: 'Company', width: 160, access: TEMPLATE_ACCESS.company },
    { key: 'created_on', title: 'Created', sortable: true, width: 190, dateTime: true },
    {
      // docs/spec.md §7 created_on_gt, offered as a period; the call turns it into a timestamp (template.api.ts)
      key: 'created_within',
      title: 'Created within',
      hideInTable: true,
      search: 'select',
      width: 140,
      options: [
        { label: 'Last day', value: '1' },
        { label: 'Last 7 days', value: '7' },
        { label: 'Last 30 days', value: '30' },
      ],
      dateTime: true,
      render: (_v, row) => formatDateTime(row.created_on),
    },
  ],
  formFields: [
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      required: true,
      createOnly: true,
      access: TEMPLATE_ACCESS.company,
      useOptions: useCompanyOptions,
    },
    { name: 'template_name', label: 'Name', kind: 'text', required: true, maxLength: TEMPLATE_NAME_MAX },
    { name: 'text', label: 'Text', kind: 'textarea', required: true, maxLength: TEMPLATE_TEXT_MAX },
  ],
};

export function templateCreateBody(values: FormValues): SmsTemplateCreateBody {
  const body: SmsTemplateCreateBody = {
    template_name: String(values['template_name'] ?? '').trim(),
    text: String(values['text'] ?? ''),
  };
  if (values['company_uuid']) body.company_uuid = String(values['company_uuid']);
  return body;
}

/** Only what changed, so an unchanged approved template keeps its approval. */
export function templatePatchBody(values: FormValues, row: SmsTemplate): SmsTemplatePatchBody {
  const name = String(values['template_name'] ?? '').trim();
  const text = String(values['text'] ?? '');
  const body: SmsTemplatePatchBody = {};
  if (name !== row.template_name) body.template_name = name;
  if (text !== row.text) body.text = text;
  // the server wants at least one field: an untouched form sends the name back as it is
  return Object.keys(body).length ? body : { template_name: row.template_name };
}

export const templateBundle: ResourceBundle<SmsTemplate, SmsTemplateCreateBody, SmsTemplatePatchBody> = {
  definition: templateDefinition,
  useList: useListTemplatesQuery,
  useLazyList: useLazyListTemplatesQuery,
  useGet: useGetTemplateQuery,
  useCreate: useCreateTemplateMutation,
  useUpdate: useUpdateTemplateMutation,
  useDelete: useDeleteTemplateMutation,
  toCreate: templateCreateBody,
  toPatch: templatePatchBody,
};
