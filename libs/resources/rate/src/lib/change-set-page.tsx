import { useState } from 'react';
import { useParams } from 'react-router';
import type { ChangeSetDetails, CountryDiff, ImpactGroup, RateChangeRow } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Button, Card, Descriptions, Flex, Popconfirm, RecordState, Space, Table, Typography } from '@smsc/shared-ui';
import { formatDateTime, withZone, zonedDay } from '@smsc/shared-util';
import { useApproveChangeSetMutation, useGetChangeSetQuery, useRejectChangeSetMutation } from './rate-change.api';
import { changeSetStatusTag, DECK_KIND_WORDS } from './rate-change.resource';
import { EffectiveDay, todayUtc } from './effective-day';

const CHANGE_WORDS: Record<RateChangeRow['change'], string> = {
  added: 'New',
  increased: 'Increased',
  decreased: 'Decreased',
  closed: 'Closed',
};

const countryColumns = [
  { title: 'Country', dataIndex: 'country_name' },
  { title: 'New', dataIndex: 'added' },
  { title: 'Increased', dataIndex: 'increased' },
  { title: 'Decreased', dataIndex: 'decreased' },
  { title: 'Closed', dataIndex: 'closed' },
  { title: 'Unchanged', dataIndex: 'unchanged' },
];
const rowColumns = [
  { title: 'Change', dataIndex: 'change', render: (v: RateChangeRow['change']) => CHANGE_WORDS[v] },
  { title: 'Code or network', render: (_: unknown, r: RateChangeRow) => r.code ?? r.mobile_network_uuid },
  { title: 'Country', dataIndex: 'country_name', render: (v: string | null) => v ?? '—' },
  { title: 'Old price', dataIndex: 'old_price', render: (v: string | null) => v ?? '—' },
  { title: 'New price', dataIndex: 'new_price', render: (v: string | null) => v ?? '—' },
  {
    title: withZone('From'),
    render: (_: unknown, r: RateChangeRow) =>
      r.ceases_on ? `closes ${formatDateTime(r.ceases_on)}` : r.effective_from ? formatDateTime(r.effective_from) : '—',
  },
];
const impactColumns = [
  { title: 'Product', dataIndex: 'product_name', render: (v: string | null) => v ?? '—' },
  { title: 'Reseller', dataIndex: 'reseller_name', render: (v: string | null) => v ?? 'Direct' },
  { title: 'Messages', dataIndex: 'messages' },
  { title: 'Parts', dataIndex: 'parts' },
  { title: 'Margin before', dataIndex: 'margin_before' },
  { title: 'Margin after', dataIndex: 'margin_after' },
  { title: 'Change', dataIndex: 'margin_change' },
  { title: 'No longer priced', dataIndex: 'unpriced' },
];

/** Approve from a day (decreases then, increases after the customers' notice) or reject, each with a toast. */
function Decision({ details }: { details: ChangeSetDetails }) {
  const dispatch = useAppDispatch();
  const set = details.change_set;
  // the UTC day the set asks for, or today's when that has passed (rate days are UTC's: effective-day.tsx)
  const [day, setDay] = useState(() => {
    const asked = zonedDay(new Date(set.effective_from), 'UTC');
    const today = todayUtc();
    return asked > today ? asked : today;
  });
  const [approve, approving] = useApproveChangeSetMutation();
  const [reject, rejecting] = useRejectChangeSetMutation();
  const run = async (what: 'approve' | 'reject') => {
    try {
      if (what === 'reject') {
        await reject(set.change_set_uuid).unwrap();
        dispatch(showToast('success', `Rejected the rate change of ${set.owner_name}`));
        return;
      }
      const done = await approve({ id: set.change_set_uuid, effective_from: day }).unwrap();
      const later =
        done.increases_from && done.increases_from !== done.effective_from
          ? `; increases from ${zonedDay(new Date(done.increases_from), 'UTC')} (customers' notice)`
          : '';
      dispatch(showToast('success', `Approved the rate change of ${set.owner_name} from ${day}${later}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Flex gap="middle" wrap align="center" role="group" aria-label="Decision">
      <EffectiveDay day={day} onChange={setDay} />
      <Button type="primary" loading={approving.isLoading} onClick={() => void run('approve')}>
        Approve
      </Button>
      <Popconfirm title="Reject this rate change? Nothing of it is applied." onConfirm={() => void run('reject')}>
        <Button danger loading={rejecting.isLoading}>
          Reject
        </Button>
      </Popconfirm>
    </Flex>
  );
}

/** The change set's diff and margin impact, shown before an admin decides; afterwards its history. */
export function ChangeSetView({ details }: { details: ChangeSetDetails }) {
  const set = details.change_set;
  const more = set.added + set.increased + set.decreased + set.closed - details.rows.length;
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <Card title={`Rate change of ${set.owner_name}`} extra={changeSetStatusTag(set.status)}>
        <Descriptions
          size="small"
          column={{ xs: 1, md: 2 }}
          items={[
            { key: 'kind', label: 'Deck kind', children: DECK_KIND_WORDS[set.kind] },
            { key: 'prices', label: 'Prices', children: set.vendor_product_uuid ? 'Vendor cost' : 'Sell price' },
            { key: 'from', label: 'Effective from', children: formatDateTime(set.effective_from, { label: true }) },
            {
              key: 'inc',
              label: 'Increases from',
              children: set.increases_from
                ? formatDateTime(set.increases_from, { label: true })
                : 'On approval, after notice',
            },
            {
              key: 'by',
              label: 'Imported by',
              children: `${set.created_by_name ?? '—'}, ${formatDateTime(set.created_on, { label: true })}`,
            },
            {
              key: 'decided',
              label: 'Decided by',
              children: set.decided_on
                ? `${set.decided_by_name ?? '—'}, ${formatDateTime(set.decided_on, { label: true })}`
                : '—',
            },
          ]}
        />
        <Typography.Paragraph data-testid="change-counts" style={{ marginTop: 12 }}>
          {`${set.added} new, ${set.increased} increased, ${set.decreased} decreased, ${set.closed} closed, ${set.unchanged} unchanged`}
        </Typography.Paragraph>
        {set.status === 'pending' && <Decision details={details} />}
      </Card>
      <Card title="Margin impact on the last 30 days of traffic" data-testid="change-impact">
        <Typography.Paragraph>
          {`Margin change: ${details.impact.margin_change} (traffic since ${formatDateTime(details.impact.since, { label: true })})`}
        </Typography.Paragraph>
        <Table<ImpactGroup>
          size="small"
          pagination={false}
          rowKey={(g) => `${g.product_uuid}|${g.reseller_uuid}`}
          columns={impactColumns}
          dataSource={details.impact.groups}
          locale={{ emptyText: 'No traffic on these rates in the last 30 days' }}
        />
      </Card>
      <Card title="By country" data-testid="change-countries">
        <Table<CountryDiff>
          size="small"
          pagination={false}
          rowKey="country_name"
          columns={countryColumns}
          dataSource={details.by_country}
        />
      </Card>
      <Card title="Changed rates" data-testid="change-rows">
        {more > 0 && (
          <Typography.Paragraph type="secondary">{`The first ${details.rows.length} rows of ${details.rows.length + more}.`}</Typography.Paragraph>
        )}
        <Table<RateChangeRow>
          size="small"
          rowKey={(r) => `${r.code ?? r.mobile_network_uuid}`}
          columns={rowColumns}
          dataSource={details.rows}
        />
      </Card>
    </Space>
  );
}

/** rate-changes/{id}: one change set. */
export function ChangeSetPage() {
  const id = useParams().id ?? '';
  const details = useGetChangeSetQuery(id);
  if (!details.data) return <RecordState state={details} />;
  return <ChangeSetView details={details.data} />;
}
