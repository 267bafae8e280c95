import {
  COMPANY_WEBHOOK_EVENTS,
  COMPANY_WEBHOOK_EVENT_WORDS,
  type CompanyWebhook,
  type CompanyWebhookCreateBody,
  type CompanyWebhookEvent,
  type CompanyWebhookPatchBody,
} from '@smsc/shared-contract';
import type { FormFieldDef, FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import {
  useCreateWebhookMutation,
  useDeleteWebhookMutation,
  useGetWebhookQuery,
  useLazyListWebhooksQuery,
  useListWebhooksQuery,
  useUpdateWebhookMutation,
} from './webhook.api';
import { revealSecret } from './webhook-secret';
import { useCompanyOptions } from '@smsc/shared-api';

/** Access key: roles that manage several companies' webhooks (system admin, reseller) see and pick the company. */
export const WEBHOOK_ACCESS = { company: 'webhook.company' } as const;

/** One switch per event in the form ("event_message_status"); the API takes the list of events. */
const eventField = (e: CompanyWebhookEvent) => `event_${e.replace('.', '_')}`;

const BATCHED_WORDS = 'Batched (up to 100)';
const SINGLE_WORDS = 'One event a request';

const lastDelivery = (w: CompanyWebhook) => {
  if (!w.last_delivery_on) return 'None yet';
  const status = w.last_status === 'delivered' ? 'delivered' : `failed (${w.last_status})`;
  return `${formatDateTime(w.last_delivery_on)} · ${status}`;
};

export const webhookDefinition: ResourceDefinition<CompanyWebhook> = {
  name: 'webhooks',
  title: 'Webhooks',
  singular: 'Webhook',
  idField: 'webhook_uuid',
  columns: [
    { key: 'url', title: 'URL', search: 'text' },
    { key: 'company_name', title: 'Company', width: 180, access: WEBHOOK_ACCESS.company },
    {
      key: 'events',
      title: 'Events',
      width: 260,
      render: (v) => (v as CompanyWebhookEvent[]).map((e) => COMPANY_WEBHOOK_EVENT_WORDS[e]).join(', '),
    },
    { key: 'is_active', title: 'Active', width: 90, render: (v) => (v ? 'Yes' : 'No') },
    { key: 'batched', title: 'Delivery', width: 150, render: (v) => (v ? BATCHED_WORDS : SINGLE_WORDS) },
    {
      key: 'last_delivery_on',
      title: 'Last delivery',
      width: 240,
      dateTime: true,
      render: (_v, row) => lastDelivery(row),
    },
    { key: 'secret_hint', title: 'Secret', width: 150, hideInTable: true },
    { key: 'created_on', title: 'Created', width: 190, dateTime: true, hideInTable: true },
  ],
  formFields: [
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      required: true,
      createOnly: true,
      access: WEBHOOK_ACCESS.company,
      useOptions: useCompanyOptions,
    },
    {
      name: 'url',
      label: 'URL',
      kind: 'text',
      required: true,
      maxLength: 500,
      placeholder: 'https://example.com/sms-events',
      rules: [
        { pattern: /^https?:\/\/\S{3,}$/, message: 'URL: enter an address that starts with http:// or https://' },
      ],
    },
    { name: 'description', label: 'Description', kind: 'text', maxLength: 200 },
    ...COMPANY_WEBHOOK_EVENTS.map((e): FormFieldDef => ({
      name: eventField(e),
      label: COMPANY_WEBHOOK_EVENT_WORDS[e],
      kind: 'switch',
    })),
    {
      name: 'batched',
      label: 'Batched delivery',
      kind: 'switch',
      help: 'Up to 100 events in one signed request (type "webhook.batch") instead of one request each, for endpoints that receive large bulks; the endpoint reads the events from the envelope',
    },
    { name: 'is_active', label: 'Active', kind: 'switch' },
  ],
};

const eventsOf = (values: FormValues) => COMPANY_WEBHOOK_EVENTS.filter((e) => !!values[eventField(e)]);
const text = (v: unknown) => String(v ?? '').trim();

export function webhookCreateBody(values: FormValues): CompanyWebhookCreateBody {
  const company = text(values['company_uuid']);
  return {
    url: text(values['url']),
    events: eventsOf(values),
    is_active: !!values['is_active'],
    batched: !!values['batched'],
    description: text(values['description']) || null,
    ...(company ? { company_uuid: company } : {}),
  };
}

export function webhookPatchBody(values: FormValues): CompanyWebhookPatchBody {
  const { company_uuid: _company, ...body } = webhookCreateBody(values);
  return body;
}

/** Create, then show the secret once (the list that the create page returns to shows the notice). */
function useCreateRevealing() {
  const [create, state] = useCreateWebhookMutation();
  const trigger = (body: CompanyWebhookCreateBody) => ({
    unwrap: () =>
      create(body)
        .unwrap()
        .then((made) => {
          revealSecret('The new webhook\u2019s signing secret', made.secret);
          return made;
        }),
  });
  return [trigger, state] as const;
}

export const webhookBundle: ResourceBundle<CompanyWebhook, CompanyWebhookCreateBody, CompanyWebhookPatchBody> = {
  definition: webhookDefinition,
  useList: useListWebhooksQuery,
  useLazyList: useLazyListWebhooksQuery,
  useGet: useGetWebhookQuery,
  useCreate: useCreateRevealing,
  useUpdate: useUpdateWebhookMutation,
  useDelete: useDeleteWebhookMutation,
  defaults: { is_active: true, [eventField('message.status')]: true },
  toCreate: webhookCreateBody,
  toPatch: webhookPatchBody,
  toForm: (w) => ({
    url: w.url,
    description: w.description ?? '',
    is_active: w.is_active,
    batched: w.batched,
    ...Object.fromEntries(COMPANY_WEBHOOK_EVENTS.map((e) => [eventField(e), w.events.includes(e)])),
  }),
};

/** The same paths under every role that manages webhooks: /<role>/webhooks/list, add, edit/{id}. */
export const webhookPages: ResourcePages<CompanyWebhook> = {
  path: 'webhooks',
  redirectTo: 'list',
  list: { path: 'list', title: 'Webhooks' },
  create: { path: 'add', title: 'Add webhook' },
  edit: { path: 'edit/:id', title: 'Edit webhook' },
};
