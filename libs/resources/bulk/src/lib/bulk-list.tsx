import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  Alert,
  Button,
  Empty,
  KeyboardScroll,
  Pagination,
  Popconfirm,
  Progress,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { Bulk, BulkProgress } from '@smsc/shared-contract';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { BULK_POLL_MS, isLive, useBulkActionMutation, useListBulksQuery, type BulkListKind } from './bulk.api';

const STATUS_COLOR: Record<string, string> = {
  running: 'processing',
  scheduled: 'blue',
  held: 'orange',
  stopped: 'red',
  finished: 'green',
};
export const bulkStatusTag = (status: string, holdReason?: string | null) => (
  <Tag color={STATUS_COLOR[status]}>
    {status === 'held' ? (holdReason === 'balance' ? 'held: balance' : 'on hold') : status}
  </Tag>
);

const percentOf = (n: number, total: number) => (total ? Math.floor((n / total) * 100) : 0);

/**
 * A bulk's numbers by state, each the count its report's filter shows, and two bars: handed over to the
 * gateway, and delivered (a receipt said so). Figures at zero other than the main three are left out.
 */
export function BulkFigures({ progress, testId }: { progress: BulkProgress; testId?: string }) {
  const handed = percentOf(progress.sent, progress.total);
  const delivered = percentOf(progress.delivered, progress.total);
  const optional: [string, number, string][] = [
    ['awaiting receipt', progress.awaiting, 'bulk-awaiting'],
    ['undelivered', progress.undelivered, 'bulk-undelivered'],
    ['failed', progress.failed, 'bulk-failed'],
    ['blocked', progress.blocked, 'bulk-blocked'],
    ['cancelled', progress.cancelled, 'bulk-cancelled'],
  ];
  return (
    <Space orientation="vertical" size={0} style={{ minWidth: 240 }} data-testid={testId} aria-live="polite">
      <Progress
        percent={handed}
        success={{ percent: delivered }}
        size="small"
        status={progress.status === 'running' ? 'active' : undefined}
        format={() => `${delivered}%`}
        aria-label={`${handed}% handed over, ${delivered}% delivered`}
      />
      <Typography.Text type="secondary">
        handed over <b data-testid="bulk-sent">{progress.sent}</b> · delivered{' '}
        <b data-testid="bulk-delivered">{progress.delivered}</b>
        {optional
          .filter(([, n]) => n > 0)
          .map(([label, n, id]) => (
            <span key={id}>
              {' '}
              · {label} <b data-testid={id}>{n}</b>
            </span>
          ))}{' '}
        · left <b data-testid="bulk-left">{progress.left}</b> of {progress.total}
      </Typography.Text>
    </Space>
  );
}

/** When a bulk sends: its scheduled time, or "now" for one sent at once. */
export const scheduledText = (b: Pick<Bulk, 'send_at'>) =>
  b.send_at ? formatDateTime(b.send_at) : 'Now (not scheduled)';

/**
 * Only the moves the state allows, each named by what it does: a held bulk resumes, a scheduled one can be
 * sent now, a running or scheduled one can be held (asked first: nothing more goes out until it is resumed).
 * A finished or stopped bulk has none.
 */
export function BulkActions({ bulk, delayed }: { bulk: Pick<Bulk, 'bulk_uuid' | 'status'>; delayed?: boolean }) {
  const dispatch = useAppDispatch();
  const [act, state] = useBulkActionMutation();
  const go = async (action: 'run' | 'hold') => {
    try {
      const r = await act({ id: bulk.bulk_uuid, action, delayed }).unwrap();
      dispatch(showToast('success', r.message));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const canRun = bulk.status === 'held' || bulk.status === 'scheduled';
  const canHold = bulk.status === 'running' || bulk.status === 'scheduled';
  if (!canRun && !canHold) return null;
  return (
    <Space>
      {canRun && (
        <Button size="small" type="primary" disabled={state.isLoading} onClick={() => go('run')}>
          {bulk.status === 'held' ? 'Resume' : 'Send now'}
        </Button>
      )}
      {canHold && (
        <Popconfirm
          title="Hold this bulk?"
          description="Nothing more is sent until you resume it; it then goes on where it stopped."
          okText="Hold the bulk"
          cancelText="Keep sending"
          onConfirm={() => go('hold')}
        >
          <Button size="small" danger disabled={state.isLoading}>
            Hold
          </Button>
        </Popconfirm>
      )}
    </Space>
  );
}

/** Page and page size of a list, kept in the URL (?page=1&per_page=10, page from 1 in the address). */
export function usePageParams(prefix = ''): {
  page: number;
  perPage: number;
  setPage: (p: number, size: number) => void;
} {
  const [params, setParams] = useSearchParams();
  const page = Math.max(1, Number(params.get(`${prefix}page`)) || 1);
  const perPage = Math.min(100, Math.max(1, Number(params.get(`${prefix}per_page`)) || 10));
  const setPage = (p: number, size: number) =>
    setParams((old) => {
      const next = new URLSearchParams(old);
      next.set(`${prefix}page`, String(p));
      next.set(`${prefix}per_page`, String(size));
      return next;
    });
  return { page, perPage, setPage };
}

export interface BulkListProps {
  kind: BulkListKind;
  /** link each bulk to its report (?bulk=<id> on this address) */
  withReport?: boolean;
  showCompany?: boolean;
}

/** A page of bulks, newest first, with live progress while one runs and the moves each one's state allows. */
export function BulkList({ kind, withReport = true, showCompany = false }: BulkListProps) {
  const { page, perPage, setPage } = usePageParams();
  const [live, setLive] = useState(false);
  const { data, error, isLoading } = useListBulksQuery(
    { kind, page: page - 1, per_page: perPage },
    { pollingInterval: live ? BULK_POLL_MS : 0, skipPollingIfUnfocused: true },
  );
  useEffect(() => setLive(!!data?.items.some(isLive)), [data]);
  if (error) return <Alert type="error" showIcon title={describeApiError(error)} />;
  const columns: TableColumnsType<Bulk> = [
    { key: 'created_on', title: withZone('Created'), width: 170, render: (_, b) => formatDateTime(b.created_on) },
    ...(showCompany
      ? [{ key: 'company', title: 'Company', width: 140, render: (_: unknown, b: Bulk) => b.company_name }]
      : []),
    { key: 'ani', title: 'From', width: 140, render: (_, b) => b.ani ?? 'ANI group' },
    { key: 'text', title: 'Text', width: 220, ellipsis: true, render: (_, b) => b.text },
    { key: 'status', title: 'Status', width: 150, render: (_, b) => bulkStatusTag(b.status, b.hold_reason) },
    { key: 'send_at', title: withZone('Scheduled for'), width: 170, render: (_, b) => scheduledText(b) },
    {
      key: 'progress',
      title: 'Progress',
      width: 300,
      render: (_, b) => <BulkFigures progress={b.progress} testId={`bulk-progress-${b.bulk_uuid}`} />,
    },
    {
      key: 'actions',
      title: 'Actions',
      // issue 45: at 1280 px the moves were cut off; kept in view while the rest scrolls
      fixed: 'right',
      width: 220,
      render: (_, b) => (
        <Space>
          <BulkActions bulk={b} delayed={kind === 'bulk_sms'} />
          {withReport && <Link to={`?bulk=${b.bulk_uuid}`}>Report</Link>}
        </Space>
      ),
    },
  ];
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <KeyboardScroll label="Bulk jobs">
        <Table<Bulk>
          rowKey="bulk_uuid"
          size="small"
          loading={isLoading}
          columns={columns}
          dataSource={data?.items ?? []}
          pagination={false}
          locale={{ emptyText: <Empty description="No bulks yet" /> }}
          scroll={{ x: 'max-content' }}
        />
      </KeyboardScroll>
      {!!data?.total && (
        <Pagination current={page} pageSize={perPage} total={data.total} showSizeChanger onChange={setPage} />
      )}
    </Space>
  );
}
