import { formatDateTime } from '@smsc/shared-util';
import type { GatewayHealth, LinkHealth } from '@smsc/shared-contract';
import { Alert, Skeleton, Table, Tag, Typography, type TableColumnsType } from '@smsc/shared-ui';
import { useGetGatewayHealthQuery } from './smsc.api';
import { readApiProblem } from '@smsc/shared-api';

/** How often the screen re-reads the links while it is open (RTK Query stops polling on unmount). */
export const HEALTH_POLL_MS = 5000;

// solid dark colours: white text on them keeps WCAG AA contrast (antd's light presets do not, in axe's reading)
const STATE_COLOR: Record<LinkHealth['state'], string> = {
  online: '#237804',
  connecting: '#ad4e00',
  dead: '#a8071a',
  unknown: 'default',
};
const rate = (n: number) => (n >= 10 ? n.toFixed(0) : n.toFixed(2));

const columns: TableColumnsType<LinkHealth> = [
  { title: 'Link (smsc-id)', dataIndex: 'smsc_id', width: 180 },
  {
    title: 'State',
    dataIndex: 'state',
    width: 120,
    render: (s: LinkHealth['state']) => <Tag color={STATE_COLOR[s]}>{s}</Tag>,
  },
  { title: 'Detail', dataIndex: 'detail', width: 180 },
  { title: 'Queued', dataIndex: 'queued', width: 90, align: 'right' },
  { title: 'Failed', dataIndex: 'failed', width: 90, align: 'right' },
  { title: 'Sent', dataIndex: 'sent', width: 90, align: 'right' },
  { title: 'Received', dataIndex: 'received', width: 90, align: 'right' },
  { title: 'Out msg/s', dataIndex: 'rate_out', width: 100, align: 'right', render: rate },
  { title: 'In msg/s', dataIndex: 'rate_in', width: 100, align: 'right', render: rate },
];

function summary(h: GatewayHealth): { type: 'success' | 'warning' | 'error' | 'info'; text: string } {
  if (!h.reachable) return { type: 'error', text: h.message };
  const down = h.links.filter((l) => l.state !== 'online');
  if (h.gateway === 'simulator') return { type: 'info', text: h.message };
  if (!h.links.length)
    return {
      type: 'warning',
      text: `${h.message}. No link is configured: add an SMSC connection and restart the gateway.`,
    };
  if (down.length)
    return {
      type: 'warning',
      text: `${h.message}. Not bound: ${down.map((l) => `${l.smsc_id} (${l.detail || l.state})`).join(', ')}.`,
    };
  return { type: 'success', text: `${h.message}. All ${h.links.length} link(s) online; ${h.queued} queued.` };
}

/** Bind health of the gateway's links, re-read every few seconds while the SMSC connection screen is open. */
export function GatewayHealthPanel() {
  const { data, error, isLoading } = useGetGatewayHealthQuery(undefined, {
    pollingInterval: HEALTH_POLL_MS,
    skipPollingIfUnfocused: true,
  });
  if (isLoading) return <Skeleton active paragraph={{ rows: 2 }} />;
  if (!data) {
    const message = readApiProblem(error).detail ?? 'The gateway health could not be read';
    return <Alert type="error" showIcon title={message} style={{ marginBottom: 16 }} />;
  }
  const s = summary(data);
  return (
    <section aria-label="Gateway link health" data-testid="gateway-health" style={{ marginBottom: 16 }}>
      <Alert type={s.type} showIcon title={s.text} style={{ marginBottom: 8 }} />
      {data.links.length > 0 && (
        <Table<LinkHealth> size="small" rowKey="smsc_id" columns={columns} dataSource={data.links} pagination={false} />
      )}
      <Typography.Text type="secondary">
        Checked {formatDateTime(data.checked_on, { label: true })}
        {error ? ' (the last refresh failed)' : ''}; refreshed every {HEALTH_POLL_MS / 1000} s.
      </Typography.Text>
    </section>
  );
}
