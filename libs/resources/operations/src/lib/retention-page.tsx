import type { ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import type { RetentionArchive, RetentionPass } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  Alert,
  Button,
  Card,
  DownloadOutlined,
  Space,
  Table,
  Tag,
  saveObjectUrl,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import {
  useListRetentionArchivesQuery,
  useListRetentionPassesQuery,
  useRetentionArchiveUrlMutation,
  useRunRetentionMutation,
} from './retention.api';
import { RetentionSettingsCard } from './retention-settings';

const PER_PAGE = 10;
const STATE_COLOR: Record<RetentionPass['state'], string> = { done: 'green', running: 'blue', failed: 'red' };
const count = (n: number) => n.toLocaleString('en');
const size = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 ** 2
      ? `${(bytes / 1024).toFixed(1)} KB`
      : `${(bytes / 1024 ** 2).toFixed(1)} MB`;

/** Saving a file the API answered; an object so component tests can watch it (jsdom cannot download). */
export const archiveDownload = {
  save(url: string, fileName: string) {
    saveObjectUrl(url, fileName);
  },
};

/** A page number kept in the address under `key` (each table of this screen has its own), so a reload keeps it. */
function usePageParam(key: string): [number, (page: number) => void] {
  const [params, setParams] = useSearchParams();
  const raw = params.get(key);
  const page = raw && /^\d+$/.test(raw) ? Number(raw) : 0;
  const setPage = (next: number) =>
    setParams(
      (p) => {
        const out = new URLSearchParams(p);
        if (next > 0) out.set(key, String(next));
        else out.delete(key);
        return out;
      },
      { replace: true },
    );
  return [page, setPage];
}

/** The passes' and the archives' card: a paged table, or the error of its list. */
function PagedCard<T extends object>(props: {
  title: string;
  extra?: ReactNode;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  list: { data?: { items: T[]; total: number }; error?: unknown; isFetching: boolean };
  page: number;
  setPage: (page: number) => void;
  emptyText: string;
}) {
  const { list } = props;
  return (
    <Card title={props.title} extra={props.extra}>
      {list.error ? (
        <Alert type="error" showIcon title={describeApiError(list.error)} />
      ) : (
        <Table<T>
          rowKey={props.rowKey}
          size="small"
          loading={list.isFetching}
          columns={props.columns}
          dataSource={list.data?.items ?? []}
          locale={{ emptyText: props.emptyText }}
          pagination={{
            current: props.page + 1,
            pageSize: PER_PAGE,
            total: list.data?.total ?? 0,
            onChange: (p) => props.setPage(p - 1),
          }}
        />
      )}
    </Card>
  );
}

function Passes() {
  const dispatch = useAppDispatch();
  const [page, setPage] = usePageParam('passes_page');
  const list = useListRetentionPassesQuery({ page, per_page: PER_PAGE });
  const [run, running] = useRunRetentionMutation();
  const runNow = async () => {
    try {
      const pass = await run().unwrap();
      if (pass.error) dispatch(showToast('error', `The retention pass failed: ${pass.error}`));
      else
        dispatch(
          showToast(
            'success',
            `Retention pass done: ${count(pass.redacted)} bodies redacted, ${count(pass.removed)} messages removed`,
          ),
        );
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const columns: TableColumnsType<RetentionPass> = [
    { key: 'started_on', title: withZone('Started'), width: 190, render: (_, p) => formatDateTime(p.started_on) },
    {
      key: 'state',
      title: 'State',
      width: 110,
      render: (_, p) => (
        <Tag color={STATE_COLOR[p.state]}>
          {p.state === 'done' ? 'Done' : p.state === 'running' ? 'Running' : 'Failed'}
        </Tag>
      ),
    },
    { key: 'started_by', title: 'By', width: 110, render: (_, p) => (p.started_by === 'job' ? 'Schedule' : 'Admin') },
    { key: 'companies', title: 'Companies', width: 110, align: 'right', render: (_, p) => count(p.companies) },
    { key: 'redacted', title: 'Redacted', width: 110, align: 'right', render: (_, p) => count(p.redacted) },
    { key: 'removed', title: 'Removed', width: 110, align: 'right', render: (_, p) => count(p.removed) },
    { key: 'archived', title: 'Archived', width: 110, align: 'right', render: (_, p) => count(p.archived) },
    { key: 'error', title: 'Error', width: 220, render: (_, p) => p.error ?? '' },
  ];
  return (
    <PagedCard<RetentionPass>
      title="Last passes"
      extra={
        <Button onClick={runNow} loading={running.isLoading}>
          Run a pass now
        </Button>
      }
      rowKey="pass_uuid"
      columns={columns}
      list={list}
      page={page}
      setPage={setPage}
      emptyText="No pass has run yet"
    />
  );
}

function Archives() {
  const dispatch = useAppDispatch();
  const [page, setPage] = usePageParam('archives_page');
  const list = useListRetentionArchivesQuery({ page, per_page: PER_PAGE });
  const [fetchFile, fetching] = useRetentionArchiveUrlMutation();
  const name = (a: RetentionArchive) => a.file_name.split('/').pop() ?? a.file_name;
  const download = async (a: RetentionArchive) => {
    try {
      archiveDownload.save(await fetchFile(a.archive_uuid).unwrap(), name(a));
      dispatch(showToast('success', `Archive of ${a.company_name} downloaded`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const columns: TableColumnsType<RetentionArchive> = [
    { key: 'created_on', title: withZone('Written'), width: 190, render: (_, a) => formatDateTime(a.created_on) },
    { key: 'company_name', title: 'Company', dataIndex: 'company_name', width: 180 },
    { key: 'rows', title: 'Messages', width: 110, align: 'right', render: (_, a) => count(a.rows) },
    {
      key: 'span',
      title: 'Sent between',
      width: 260,
      render: (_, a) => (a.oldest && a.newest ? `${formatDateTime(a.oldest)} – ${formatDateTime(a.newest)}` : ''),
    },
    { key: 'bytes', title: 'Size', width: 100, align: 'right', render: (_, a) => size(a.bytes) },
    {
      key: 'actions',
      title: 'File',
      width: 130,
      render: (_, a) => (
        <Button
          size="small"
          icon={<DownloadOutlined />}
          loading={fetching.isLoading && fetching.originalArgs === a.archive_uuid}
          onClick={() => download(a)}
          aria-label={`Download the archive of ${a.company_name} written ${formatDateTime(a.created_on)}`}
        >
          Download
        </Button>
      ),
    },
  ];
  return (
    <PagedCard<RetentionArchive>
      title="Archive files"
      rowKey="archive_uuid"
      columns={columns}
      list={list}
      page={page}
      setPage={setPage}
      emptyText="No archive file yet: one is written when a pass removes messages with archiving on"
    />
  );
}

/** SMS log → Message retention (the system admin): the platform's defaults, the last passes, the archive files. */
export function RetentionPage() {
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="retention-page">
      <RetentionSettingsCard />
      <Passes />
      <Archives />
    </Space>
  );
}
