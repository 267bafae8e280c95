import { useState } from 'react';
import type { FailedJob } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Popconfirm, Space, Table, Typography, type TableColumnsType } from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { useDiscardFailedJobMutation, useListFailedJobsQuery, useRetryFailedJobMutation } from './operations.api';

const PER_PAGE = 10;

/**
 * Background jobs that failed every retry (a bulk slice, a campaign run, a reminder …): their work has not been
 * done. The operator fixes the cause, then sends each again, or discards it knowing it will not be done.
 */
export function FailedJobs({ pollingInterval }: { pollingInterval: number }) {
  const [page, setPage] = useState(0);
  const list = useListFailedJobsQuery({ page, per_page: PER_PAGE }, { pollingInterval });
  const [retry, retrying] = useRetryFailedJobMutation();
  const [discard, discarding] = useDiscardFailedJobMutation();
  const dispatch = useAppDispatch();

  const again = async (j: FailedJob) => {
    await retry(j.id).unwrap();
    dispatch(showToast('success', `Job of ${j.queue} queued again`));
  };
  const drop = async (j: FailedJob) => {
    await discard(j.id).unwrap();
    dispatch(showToast('success', `Failed job of ${j.queue} discarded`));
  };

  const columns: TableColumnsType<FailedJob> = [
    { key: 'queue', title: 'Queue', dataIndex: 'queue', width: 180 },
    { key: 'failed_on', title: withZone('Failed'), width: 190, render: (_, j) => formatDateTime(j.failed_on) },
    { key: 'attempts', title: 'Attempts', dataIndex: 'attempts', width: 90, align: 'right' },
    { key: 'error', title: 'Last error', dataIndex: 'error', width: 280 },
    {
      key: 'data',
      title: 'Data',
      width: 260,
      render: (_, j) => (
        <Typography.Text code ellipsis={{ tooltip: j.data }} style={{ maxWidth: 240 }}>
          {j.data}
        </Typography.Text>
      ),
    },
    {
      key: 'actions',
      title: 'Actions',
      width: 190,
      fixed: 'right',
      render: (_, j) => (
        <Space>
          <Button
            size="small"
            loading={retrying.isLoading && retrying.originalArgs === j.id}
            onClick={() => again(j).catch(() => undefined)}
          >
            Retry
          </Button>
          <Popconfirm
            title="Discard this job?"
            description="Its work will not be done."
            okText="Discard"
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(j).catch(() => undefined)}
          >
            <Button size="small" danger loading={discarding.isLoading && discarding.originalArgs === j.id}>
              Discard
            </Button>
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Card size="small" title={`Failed jobs${list.data ? ` (${list.data.total})` : ''}`} style={{ marginBottom: 16 }}>
      {list.error ? (
        <Alert type="warning" showIcon title={`Failed jobs could not be read: ${describeApiError(list.error)}`} />
      ) : (
        <Table<FailedJob>
          size="small"
          rowKey="id"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isLoading}
          scroll={{ x: 1200 }}
          locale={{ emptyText: 'No failed jobs: every job that failed a retry succeeded later.' }}
          pagination={{
            current: page + 1,
            pageSize: PER_PAGE,
            total: list.data?.total ?? 0,
            hideOnSinglePage: true,
            onChange: (p) => setPage(p - 1),
          }}
        />
      )}
    </Card>
  );
}
