import { Suspense, lazy, useEffect, useState } from 'react';
import {
  SMS_STATUSES,
  type SentBy,
  type SentByKind,
  type Sms,
  type SuppressedNumber,
  type SuppressedNumberBody,
} from '@smsc/shared-contract';
import type { FormValues, ListQueryArg, ResourceBundle, ResourceDefinition } from '@smsc/shared-ui';
import { formatPhone, moneyCell } from '@smsc/shared-util';
import {
  FINAL_STATUSES,
  useAddSuppressedMutation,
  useDeleteSuppressedMutation,
  useLazyListSmsQuery,
  useLazyListSuppressedQuery,
  useListSmsQuery,
  useListSuppressedQuery,
} from './sms.api';
import { smsStatusCell, smsStatusTag, useSmsCompanyOptions } from './sms-status';

// the story drawer and its kit are fetched with the first log page, not with every import of this file
const SmsStoryButton = lazy(() => import('./sms-story').then((m) => ({ default: m.SmsStoryButton })));

export { smsStatusTag, useSmsCompanyOptions };

/** Access keys: whose message it is (roles above a company), the vendor cost (admin, reseller). */
export const SMS_ACCESS = {
  company: 'sms.company',
  user: 'sms.user',
  cost: 'sms.cost',
  direction: 'sms.direction',
} as const;

/** The kinds of sender in words (the "Sent by" column and its filter). */
export const SENT_BY_WORDS: Record<SentByKind, string> = { user: 'Person', api_key: 'API key', smpp: 'SMPP account' };

/** Who sent a message: a person by name, or a program's key or SMPP account by name with what it is. */
export function sentByText(by: SentBy | null | undefined): string {
  if (!by) return '';
  return by.kind === 'user' ? by.name : `${by.name} (${SENT_BY_WORDS[by.kind]})`;
}

/** The SMS logs of every role: one column list for table, search and CSV export. */
export const smsDefinition: ResourceDefinition<Sms> = {
  name: 'sms-log',
  title: 'SMS log',
  singular: 'Message',
  idField: 'sms_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    // a range of days in the account's zone filters the log (created_on_gte / created_on_lte)
    { key: 'created_on', title: 'Time', sortable: true, width: 150, dateTime: true, search: 'days' },
    {
      key: 'is_received',
      title: 'Incoming',
      width: 100,
      search: 'boolean',
      access: SMS_ACCESS.direction,
      render: (v) => (v ? 'Yes' : 'No'),
    },
    // numbers shown by the one display rule (formatPhone); the search still takes the digits as typed
    { key: 'ani', title: 'From', search: 'text', width: 150, render: (v) => formatPhone(v as string | null) },
    { key: 'dnis', title: 'To', search: 'text', width: 150, render: (v) => formatPhone(v as string | null) },
    // issue 45: at 1280 px the log must show Price, Sent by and Details: long texts stay one line
    { key: 'text', title: 'Text', search: 'text', width: 220, ellipsis: true },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      search: 'select',
      options: SMS_STATUSES.map((s) => ({ label: s, value: s })),
      render: smsStatusCell,
      // the export keeps the status alone (the Sandbox tag is the row's kind, not its state)
      csv: (v) => v,
    },
    { key: 'status_message', title: 'Detail', width: 200, hideInTable: true },
    { key: 'segments', title: 'Parts', width: 80 },
    { key: 'encoding', title: 'Encoding', width: 100, hideInTable: true },
    { key: 'price', title: 'Price', width: 110, render: moneyCell },
    { key: 'cost', title: 'Cost', width: 110, access: SMS_ACCESS.cost, render: moneyCell },
    { key: 'company_name', title: 'Company', width: 150, access: SMS_ACCESS.company },
    // issue 45: a person, a program's API key or an SMPP account; the filter matches the name shown
    {
      key: 'sent_by',
      title: 'Sent by',
      search: 'text',
      width: 170,
      access: SMS_ACCESS.user,
      render: (v) => sentByText(v as SentBy | null),
    },
    {
      key: 'sent_by_kind',
      title: 'Sent by (kind)',
      search: 'select',
      hideInTable: true,
      access: SMS_ACCESS.user,
      options: (Object.keys(SENT_BY_WORDS) as SentByKind[]).map((k) => ({ label: SENT_BY_WORDS[k], value: k })),
      render: (_v, row) => (row.sent_by ? SENT_BY_WORDS[row.sent_by.kind] : ''),
    },
    { key: 'sms_uuid', title: 'Message id', width: 300, hideInTable: true },
    {
      key: 'details',
      title: 'Details',
      width: 100,
      // the row's action: in view while the rest of a wide log scrolls
      fixed: 'right',
      render: (_v, row) => (
        <Suspense fallback={null}>
          <SmsStoryButton id={row.sms_uuid} />
        </Suspense>
      ),
    },
  ],
  formFields: [],
};

/**
 * A log page is read again this often while it shows messages still in flight (queued, sent, scheduled):
 * one page query (the list indexes answer it in a few ms); it stops when every shown message is final or
 * the tab is hidden.
 */
export const SMS_LOG_POLL_MS = 3000;

/** The log's list query, live while the page shows messages whose state may still change. */
export function useLiveSmsList(arg: ListQueryArg) {
  const [live, setLive] = useState(false);
  const result = useListSmsQuery(arg, { pollingInterval: live ? SMS_LOG_POLL_MS : 0, skipPollingIfUnfocused: true });
  const items = result.data?.items;
  useEffect(() => setLive(!!items?.some((m) => !FINAL_STATUSES.includes(m.status))), [items]);
  return result;
}

/** Logs are read-only: no create, edit or delete. */
export const smsBundle: ResourceBundle<Sms> = {
  definition: smsDefinition,
  useList: useLiveSmsList,
  useLazyList: useLazyListSmsQuery,
};

export const INCOMING = { is_received: true } as const;
export const OUTGOING = { is_received: false } as const;

/** The system admin and resellers pick the company; a company admin's suppressions are its own company's. */
export const SUPPRESSION_ACCESS = { company: 'suppression.company' } as const;

export const suppressionDefinition: ResourceDefinition<SuppressedNumber> = {
  name: 'suppressions',
  title: 'Suppressions',
  singular: 'Suppressed number',
  idField: 'suppressed_number_uuid',
  defaultSort: { order_by: 'created_on', order_dir: 'desc' },
  columns: [
    { key: 'number', title: 'Number', search: 'text', width: 180 },
    { key: 'company_name', title: 'Company', width: 180, access: SUPPRESSION_ACCESS.company },
    { key: 'source', title: 'Source', width: 120, render: (v) => (v === 'stop' ? 'Texted STOP' : 'Added') },
    // what the opt-out blocks (docs/opt-outs.md): one of the company's numbers, the company, or its reseller's companies
    {
      key: 'scope',
      title: 'Blocks',
      width: 200,
      render: (v, row) =>
        v === 'sender' ? `Messages from ${row.sender}` : v === 'reseller' ? "The reseller's companies" : 'The company',
    },
    { key: 'created_on', title: 'Since', width: 190, dateTime: true },
  ],
  formFields: [
    {
      name: 'company_uuid',
      label: 'Company',
      kind: 'select',
      required: true,
      useOptions: useSmsCompanyOptions,
      access: SUPPRESSION_ACCESS.company,
    },
    { name: 'number', label: 'Number', kind: 'text', required: true, maxLength: 24, placeholder: '+1 212 555 0100' },
    // kept as the opt-out's consent evidence (docs/opt-outs.md)
    { name: 'note', label: 'Why', kind: 'text', maxLength: 200, placeholder: 'Asked by phone on 1 Dec' },
  ],
};

export function suppressionBody(values: FormValues): SuppressedNumberBody {
  const body: SuppressedNumberBody = { number: String(values['number'] ?? '').trim() };
  if (values['company_uuid']) body.company_uuid = String(values['company_uuid']);
  const note = String(values['note'] ?? '').trim();
  if (note) body.note = note;
  return body;
}

export const suppressionBundle: ResourceBundle<SuppressedNumber, SuppressedNumberBody> = {
  definition: suppressionDefinition,
  useList: useListSuppressedQuery,
  useLazyList: useLazyListSuppressedQuery,
  useCreate: useAddSuppressedMutation,
  useDelete: useDeleteSuppressedMutation,
  toCreate: suppressionBody,
};
