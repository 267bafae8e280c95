import { formatDateTime } from '@smsc/shared-util';
import { useEffect, useRef } from 'react';
import type { OperationsSnapshot } from '@smsc/shared-contract';
import {
  Alert,
  Card,
  Col,
  Row,
  Skeleton,
  Statistic,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { useGetOperationsQuery } from './operations.api';
import { usePageVisible } from './use-page-visible';
import { FailedJobs } from './failed-jobs';
import { readApiProblem } from '@smsc/shared-api';

/** How often the screen re-reads the figures while it is shown; a hidden tab does not poll at all. */
export const OPERATIONS_POLL_MS = 5000;

type Link = OperationsSnapshot['links'][number];
type Queue = OperationsSnapshot['jobs'][number];
type Route = OperationsSnapshot['http']['routes'][number];

// solid dark colours: white text on them keeps WCAG AA contrast
const STATE_COLOR: Record<string, string> = { online: '#237804', connecting: '#ad4e00', dead: '#a8071a' };
const secs = (n: number | null) => (n === null ? '–' : n < 10 ? `${n.toFixed(2)} s` : `${Math.round(n)} s`);
const ms = (n: number | null) => (n === null ? '–' : `${n} ms`);

const linkColumns: TableColumnsType<Link> = [
  { title: 'Link', dataIndex: 'link', width: 180 },
  {
    title: 'Bind',
    dataIndex: 'state',
    width: 120,
    render: (s: string) => <Tag color={STATE_COLOR[s] ?? 'default'}>{s}</Tag>,
  },
  { title: 'Msg/s (1 min)', dataIndex: 'per_second', width: 120, align: 'right' },
  { title: 'Queued', dataIndex: 'queued', width: 90, align: 'right' },
  { title: 'Window', dataIndex: 'window', width: 90, align: 'right', render: (w: number | null) => w ?? '–' },
];
const queueColumns: TableColumnsType<Queue> = [
  { title: 'Queue', dataIndex: 'queue', width: 220 },
  { title: 'Waiting', dataIndex: 'waiting', width: 90, align: 'right' },
  { title: 'Active', dataIndex: 'active', width: 90, align: 'right' },
  { title: 'Oldest waiting', dataIndex: 'oldest_seconds', width: 130, align: 'right', render: secs },
];
const routeColumns: TableColumnsType<Route> = [
  { title: 'Method', dataIndex: 'method', width: 80 },
  { title: 'Route', dataIndex: 'route', width: 320 },
  { title: 'Requests', dataIndex: 'requests', width: 100, align: 'right' },
  { title: '5xx', dataIndex: 'errors_5xx', width: 70, align: 'right' },
  { title: 'p50', dataIndex: 'p50_ms', width: 90, align: 'right', render: ms },
  { title: 'p95', dataIndex: 'p95_ms', width: 90, align: 'right', render: ms },
];

function Figures({ data }: { data: OperationsSnapshot }) {
  const failing = data.ready.parts.filter((p) => !p.ok);
  return (
    <>
      <Alert
        type={failing.length ? 'error' : 'success'}
        showIcon
        style={{ marginBottom: 16 }}
        title={
          failing.length
            ? `Not ready: ${failing.map((p) => `${p.name} (${p.detail})`).join(', ')}`
            : `Ready: ${data.ready.parts.map((p) => `${p.name} ${p.detail}`).join('; ')}`
        }
      />
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {data.messages.map((m) => (
          <Col key={m.state} xs={12} md={6} lg={3}>
            <Statistic title={`Messages ${m.state}`} value={m.count} />
          </Col>
        ))}
        <Col xs={12} md={6} lg={3}>
          <Statistic title="Receipt latency p50" value={secs(data.receipt_latency.p50_seconds)} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="Receipt latency p95" value={secs(data.receipt_latency.p95_seconds)} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="Outbox waiting" value={data.outbox.pending} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="Webhook failures (1 h)" value={data.webhooks.failures_last_hour} />
        </Col>
        <Col xs={12} md={6} lg={3}>
          <Statistic title="HTTP 5xx (this node)" value={data.http.errors_5xx} />
        </Col>
      </Row>
      <Card size="small" title="Gateway links" style={{ marginBottom: 16 }}>
        <Table<Link> size="small" rowKey="link" columns={linkColumns} dataSource={data.links} pagination={false} />
      </Card>
      <Card size="small" title="Job queues" style={{ marginBottom: 16 }}>
        <Table<Queue> size="small" rowKey="queue" columns={queueColumns} dataSource={data.jobs} pagination={false} />
      </Card>
      <Card size="small" title={`HTTP by route (this node, ${data.http.requests} requests)`}>
        <Table<Route>
          size="small"
          rowKey={(r) => `${r.method} ${r.route}`}
          columns={routeColumns}
          dataSource={data.http.routes.slice(0, 10)}
          pagination={false}
        />
      </Card>
    </>
  );
}

/**
 * The platform's figures (the ones /metrics exports), re-read every few seconds while the tab is shown.
 * RTK Query times each poll from the previous answer, so a slow server is never asked twice at once.
 */
export function OperationsPage() {
  const shown = usePageVisible();
  const { data, error, isLoading, refetch } = useGetOperationsQuery(undefined, {
    pollingInterval: shown ? OPERATIONS_POLL_MS : 0,
    refetchOnMountOrArgChange: true,
  });
  // back from a hidden tab: read at once rather than showing figures as old as the time away
  const wasShown = useRef(shown);
  useEffect(() => {
    if (shown && !wasShown.current) void refetch();
    wasShown.current = shown;
  }, [shown, refetch]);

  if (isLoading) return <Skeleton active paragraph={{ rows: 6 }} />;
  if (!data) {
    const message = readApiProblem(error).detail ?? 'The operations figures could not be read';
    return <Alert type="error" showIcon title={message} />;
  }
  return (
    <section aria-label="Operations" data-testid="operations">
      <Figures data={data} />
      <FailedJobs pollingInterval={shown ? OPERATIONS_POLL_MS : 0} />
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        Checked {formatDateTime(data.checked_on, { label: true })}
        {error ? ' (the last refresh failed)' : ''};{' '}
        {shown ? `refreshed every ${OPERATIONS_POLL_MS / 1000} s` : 'paused while the tab is hidden'}. HTTP and receipt
        figures are this node&apos;s since it started; the rest is read from the database for every node.
      </Typography.Paragraph>
    </section>
  );
}
