import {
  RECIPIENT_NAME_MAX,
  type Recipient,
  type RecipientCreateBody,
  type RecipientPatchBody,
} from '@smsc/shared-contract';
import type { FormValues, ResourceBundle, ResourceDefinition, ResourcePages } from '@smsc/shared-ui';
import {
  useCreateRecipientMutation,
  useDeleteRecipientMutation,
  useGetRecipientQuery,
  useLazyListRecipientsQuery,
  useListRecipientsQuery,
  useUpdateRecipientMutation,
} from './recipient.api';

/** Access key: roles above a company see whose recipient a row is. */
export const RECIPIENT_ACCESS = { company: 'recipient.company' } as const;

export const recipientDefinition: ResourceDefinition<Recipient> = {
  name: 'recipients',
  title: 'Recipients',
  singular: 'Recipient',
  idField: 'recipient_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'recipient_name', title: 'Name', sortable: true, search: 'text', width: 220 },
    { key: 'number', title: 'Number', sortable: true, search: 'text', width: 180 },
    { key: 'company_name', title: 'Company', width: 160, access: RECIPIENT_ACCESS.company },
    { key: 'created_on', title: 'Created', sortable: true, width: 190, dateTime: true },
  ],
  formFields: [
    { name: 'recipient_name', label: 'Name', kind: 'text', required: true, maxLength: RECIPIENT_NAME_MAX },
    {
      name: 'number',
      label: 'Number',
      kind: 'text',
      required: true,
      maxLength: 24,
      placeholder: '+1 212 555 0100',
      rules: [
        { pattern: /^[+0-9 ().-]{3,24}$/, message: 'Digits, with an optional + and spaces, dashes, dots or brackets' },
      ],
    },
  ],
};

export function recipientBody(values: FormValues): RecipientCreateBody {
  return {
    recipient_name: String(values['recipient_name'] ?? '').trim(),
    number: String(values['number'] ?? '').trim(),
  };
}

export const recipientBundle: ResourceBundle<Recipient, RecipientCreateBody, RecipientPatchBody> = {
  definition: recipientDefinition,
  useList: useListRecipientsQuery,
  useLazyList: useLazyListRecipientsQuery,
  useGet: useGetRecipientQuery,
  useCreate: useCreateRecipientMutation,
  useUpdate: useUpdateRecipientMutation,
  useDelete: useDeleteRecipientMutation,
  toCreate: recipientBody,
  toPatch: recipientBody,
};

/** Spec §2, company admin: recipients (list, add, edit/{id}, import); the import page is added by the route table. */
export const recipientPages: ResourcePages<Recipient> = {
  path: 'recipients',
  redirectTo: 'list',
  list: { path: 'list', title: 'Recipients' },
  create: { path: 'add', title: 'Add recipient' },
  edit: { path: 'edit/:id', title: 'Edit recipient' },
};
