import {
  FILING_KIND_WORDS,
  FILING_KINDS,
  FILING_STATUS_WORDS,
  FILING_STATUSES,
  type Filing,
  type FilingStatus,
} from '@smsc/shared-contract';
import { Tag, type ResourceBundle, type ResourceDefinition } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import { useLazyListFilingsQuery, useListFilingsQuery } from './compliance.api';

/** Access keys: the system admin and resellers see whose filing a row is; the system admin reviews. */
export const COMPLIANCE_ACCESS = { company: 'compliance.company', review: 'compliance.review' } as const;

const COLORS: Record<FilingStatus, string> = {
  draft: 'default',
  submitted: 'blue',
  in_review: 'blue',
  approved: 'green',
  rejected: 'red',
  expired: 'orange',
};
export const filingStatusTag = (status: unknown) => {
  const s = status as FilingStatus;
  return (
    <Tag color={COLORS[s]} data-testid="filing-status">
      {FILING_STATUS_WORDS[s] ?? String(s)}
    </Tag>
  );
};

export const complianceDefinition: ResourceDefinition<Filing> = {
  name: 'filings',
  title: 'Compliance',
  singular: 'Filing',
  idField: 'filing_uuid',
  columns: [
    { key: 'name', title: 'Name', search: 'text', width: 220 },
    {
      key: 'kind',
      title: 'Kind',
      width: 190,
      search: 'select',
      options: FILING_KINDS.map((k) => ({ label: FILING_KIND_WORDS[k], value: k })),
      render: (v) => FILING_KIND_WORDS[v as Filing['kind']] ?? String(v),
    },
    {
      key: 'status',
      title: 'Status',
      width: 120,
      search: 'select',
      options: FILING_STATUSES.map((s) => ({ label: FILING_STATUS_WORDS[s], value: s })),
      render: (v, row) => (
        <>
          {filingStatusTag(v)}
          {row.renewal_due && <Tag color="orange">Renewal due</Tag>}
        </>
      ),
    },
    { key: 'status_reason', title: 'Reason', width: 260, render: (v) => (v ? String(v) : '') },
    { key: 'company_name', title: 'Company', width: 160, access: COMPLIANCE_ACCESS.company },
    {
      key: 'numbers',
      title: 'Numbers',
      width: 90,
      render: (_v, row) => (row.kind === 'campaign_10dlc' || row.kind === 'toll_free' ? row.numbers.length : ''),
    },
    {
      key: 'expires_on',
      title: 'Expires',
      dateTime: true,
      width: 180,
      render: (v) => (v ? formatDateTime(v as string) : ''),
    },
    { key: 'updated_on', title: 'Updated', width: 180, dateTime: true },
  ],
  formFields: [],
};

export const complianceBundle: ResourceBundle<Filing> = {
  definition: complianceDefinition,
  useList: useListFilingsQuery,
  useLazyList: useLazyListFilingsQuery,
};
