import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Card,
  Descriptions,
  Empty,
  KeyboardScroll,
  Pagination,
  Select,
  Skeleton,
  Space,
  Table,
  Tag,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { describeApiError } from '@smsc/shared-api';
import { BULK_ROUTE_STATUSES, type BulkReportRow, type BulkRouteStatus } from '@smsc/shared-contract';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { BULK_POLL_MS, isLive, useBulkReportQuery, type BulkListKind } from './bulk.api';
import { BulkActions, BulkFigures, BulkList, bulkStatusTag, scheduledText, usePageParams } from './bulk-list';

const ROUTE_COLOR: Record<string, string> = {
  delivered: 'green',
  sent: 'blue',
  queued: 'cyan',
  pending: 'default',
  undelivered: 'orange',
  failed: 'red',
  blocked: 'red',
  cancelled: 'default',
};
/** "sent" is handed over to the gateway, not yet delivered: the words say so */
const ROUTE_LABEL: Record<string, string> = { sent: 'handed over', queued: 'queued' };
const routeLabel = (s: string) => ROUTE_LABEL[s] ?? s;

/** A bulk's report: its figures (live while it runs), run/stop, and each number's route status, filtered and paged in the URL. */
export function BulkReportView({ id, delayed }: { id: string; delayed?: boolean }) {
  const [params, setParams] = useSearchParams();
  const { page, perPage, setPage } = usePageParams('r_');
  const routeStatus = (BULK_ROUTE_STATUSES as readonly string[]).includes(params.get('route_status') ?? '')
    ? (params.get('route_status') as BulkRouteStatus)
    : undefined;
  const [live, setLive] = useState(true);
  const { data, error, isLoading } = useBulkReportQuery(
    { id, page: page - 1, per_page: perPage, route_status: routeStatus },
    { pollingInterval: live ? BULK_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  // the list's rule: polling while the job runs and until every receipt is in
  useEffect(() => {
    if (data) setLive(isLive(data.bulk));
  }, [data]);
  if (error) return <Alert type="error" showIcon title={describeApiError(error)} />;
  if (isLoading || !data) return <Skeleton active />;
  const b = data.bulk;
  const columns: TableColumnsType<BulkReportRow> = [
    { key: 'seq', title: '#', width: 70, render: (_, r) => r.seq },
    { key: 'number', title: 'Number', width: 160, render: (_, r) => r.number },
    {
      key: 'route_status',
      title: 'Route status',
      width: 130,
      render: (_, r) => <Tag color={ROUTE_COLOR[r.route_status]}>{routeLabel(r.route_status)}</Tag>,
    },
    { key: 'text', title: 'Text', width: 260, ellipsis: true, render: (_, r) => r.text ?? '' },
    { key: 'detail', title: 'Detail', width: 260, ellipsis: true, render: (_, r) => r.status_message ?? '' },
    {
      key: 'sent_on',
      title: withZone('Sent'),
      width: 170,
      render: (_, r) => (r.sent_on ? formatDateTime(r.sent_on) : ''),
    },
  ];
  const filter = (v?: string) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      if (v) next.set('route_status', v);
      else next.delete('route_status');
      next.set('r_page', '1');
      return next;
    });
  return (
    <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
      <Link to="?">← All bulks</Link>
      <Card size="small" title="Bulk report" extra={<BulkActions bulk={b} delayed={delayed ?? b.kind === 'delayed'} />}>
        <Descriptions size="small" column={2}>
          <Descriptions.Item label="Status">
            <span data-testid="bulk-status">{bulkStatusTag(b.status, b.hold_reason)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="From">{b.ani ?? 'ANI group'}</Descriptions.Item>
          <Descriptions.Item label="Scheduled for">
            <span data-testid="bulk-send-at">{scheduledText(b)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Started">
            {b.started_at ? formatDateTime(b.started_at, { label: true }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Finished">
            {b.finished_at ? formatDateTime(b.finished_at, { label: true }) : '—'}
          </Descriptions.Item>
          <Descriptions.Item label="Text" span={2}>
            {b.text}
          </Descriptions.Item>
        </Descriptions>
        <BulkFigures progress={b.progress} testId="bulk-report-progress" />
      </Card>
      <Select
        aria-label="Route status"
        allowClear
        placeholder="Every route status"
        style={{ width: 220 }}
        value={routeStatus}
        onChange={filter}
        options={BULK_ROUTE_STATUSES.map((s) => ({ label: routeLabel(s), value: s }))}
      />
      <KeyboardScroll label="Numbers of the bulk">
        <Table<BulkReportRow>
          rowKey="seq"
          size="small"
          columns={columns}
          dataSource={data.items}
          pagination={false}
          scroll={{ x: 1050 }}
          locale={{
            emptyText: <Empty description={routeStatus ? `No numbers ${routeLabel(routeStatus)}` : 'No numbers'} />,
          }}
        />
      </KeyboardScroll>
      {!!data.total && (
        <Pagination current={page} pageSize={perPage} total={data.total} showSizeChanger onChange={setPage} />
      )}
    </Space>
  );
}

/** The progress of the bulk just sent, live until it is done. */
export function BulkLive({ id }: { id: string }) {
  const [live, setLive] = useState(true);
  const { data, error } = useBulkReportQuery(
    { id, page: 0, per_page: 1 },
    { pollingInterval: live ? BULK_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  useEffect(() => {
    if (data) setLive(isLive(data.bulk));
  }, [data]);
  if (error) return <Alert type="error" showIcon title={describeApiError(error)} />;
  if (!data) return null;
  return (
    <Card
      size="small"
      title="This bulk"
      data-testid="bulk-live"
      extra={<BulkActions bulk={data.bulk} delayed={data.bulk.kind === 'delayed'} />}
    >
      <Space orientation="vertical">
        <span>{bulkStatusTag(data.bulk.status, data.bulk.hold_reason)}</span>
        <BulkFigures progress={data.bulk.progress} />
      </Space>
    </Card>
  );
}

/** A list of bulks whose rows open their report on the same address (?bulk=<id>). */
export function BulkReportPage({ kind = 'bulk', showCompany = false }: { kind?: BulkListKind; showCompany?: boolean }) {
  const [params] = useSearchParams();
  const id = params.get('bulk');
  return id ? (
    <BulkReportView id={id} delayed={kind === 'bulk_sms'} />
  ) : (
    <BulkList kind={kind} showCompany={showCompany} />
  );
}
