import type { PrivacyRequest } from '@smsc/shared-contract';
import { Tag, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { useLazyListPrivacyRequestsQuery, useListPrivacyRequestsQuery } from './privacy.api';

/** Access keys: the system admin and resellers see which company a request was for. */
export const PRIVACY_ACCESS = { company: 'privacy.company' } as const;

const SECTION_WORDS: Record<string, string> = {
  messages: 'messages',
  opt_outs: 'opt-outs',
  recipients: 'contacts',
  campaign_recipients: 'campaign entries',
  bulk_recipients: 'bulk entries',
  workflows: 'workflows',
  webhook_deliveries: 'webhook bodies',
  audit_entries: 'audit entries',
  files: 'files',
  mails: 'mails',
};

/** "3 messages, 1 contact": the sections with rows, in words. */
export function countsInWords(counts: Record<string, number>): string {
  const parts = Object.entries(counts)
    .filter(([, n]) => n > 0)
    .map(([k, n]) => `${n} ${SECTION_WORDS[k] ?? k}`);
  return parts.length ? parts.join(', ') : 'nothing found';
}

export const privacyDefinition: ResourceDefinition<PrivacyRequest> = {
  name: 'privacy-requests',
  title: 'Privacy requests',
  singular: 'Privacy request',
  idField: 'privacy_request_uuid',
  columns: [
    {
      key: 'kind',
      title: 'Request',
      width: 110,
      search: 'select',
      options: [
        { label: 'Export', value: 'export' },
        { label: 'Erasure', value: 'erase' },
      ],
      render: (v) => (v === 'erase' ? <Tag color="red">Erasure</Tag> : <Tag color="blue">Export</Tag>),
    },
    { key: 'number_hint', title: 'Number', width: 100 },
    {
      key: 'company_name',
      title: 'Company',
      width: 160,
      access: PRIVACY_ACCESS.company,
      render: (v) => (v ? String(v) : 'All in reach'),
    },
    { key: 'reason', title: 'Reason', width: 240 },
    { key: 'counts', title: 'Rows', width: 280, render: (v) => countsInWords(v as Record<string, number>) },
    { key: 'block_future', title: 'Blocked', width: 90, render: (v) => (v ? 'Yes' : '') },
    { key: 'requested_by_email', title: 'By', width: 200, render: (v) => (v ? String(v) : '') },
    { key: 'created_on', title: 'When', width: 180, dateTime: true },
  ],
  formFields: [],
};

export const privacyBundle: ResourceBundle<PrivacyRequest> = {
  definition: privacyDefinition,
  useList: useListPrivacyRequestsQuery,
  useLazyList: useLazyListPrivacyRequestsQuery,
};
