// The delivery log of a webhook, company or DID (both are delivered by one dispatcher and logged alike,
// docs/webhooks.md): one row per attempt, naming the event's message and the answer it got. One column list
// shared by the Webhooks screens and a number's Webhooks card.
import { Alert, Tag, Typography, type TableColumnsType } from 'antd';
import type { CompanyWebhookAttempt } from '@smsc/shared-contract';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { Table } from './keyboard-table';

function result(a: CompanyWebhookAttempt) {
  if (a.ok) return <Tag color="green">Delivered</Tag>;
  return <Tag color="red">{a.status_code ? `HTTP ${a.status_code}` : 'Error'}</Tag>;
}
function next(a: CompanyWebhookAttempt) {
  if (a.ok) return '';
  if (a.state === 'failed') return 'Given up';
  if (a.state === 'delivered') return 'Delivered on a later attempt';
  return a.next_attempt_on ? `Retry at ${formatDateTime(a.next_attempt_on, { label: true })}` : '';
}
/** The event's message: its id (copyable, to find it in the SMS log), or the webhook-id of an event without one. */
function message(a: CompanyWebhookAttempt) {
  if (a.sms_uuid)
    return (
      <Typography.Text copyable={{ text: a.sms_uuid }} code>
        {a.sms_uuid.slice(0, 8)}
      </Typography.Text>
    );
  return <Typography.Text type="secondary">{a.message_id}</Typography.Text>;
}

// a header read when drawn, not when this file loads: the account's zone is known only after sign-in
const WhenTitle = () => <>{withZone('When')}</>;

export const WEBHOOK_ATTEMPT_COLUMNS: TableColumnsType<CompanyWebhookAttempt> = [
  { title: <WhenTitle />, dataIndex: 'created_on', width: 180, render: (v: string) => formatDateTime(v) },
  { title: 'Event', dataIndex: 'type', width: 140 },
  { title: 'Message', dataIndex: 'sms_uuid', width: 150, render: (_v, a) => message(a) },
  { title: 'Attempt', dataIndex: 'attempt', width: 80 },
  { title: 'Status', dataIndex: 'ok', width: 100, render: (_v, a) => result(a) },
  { title: 'Time', dataIndex: 'duration_ms', width: 80, render: (v: number) => `${v} ms` },
  { title: 'Error', dataIndex: 'error', render: (v: string | null) => v ?? '' },
  { title: 'Next retry', dataIndex: 'state', width: 200, render: (_v, a) => next(a) },
];

export function WebhookAttemptsTable(props: {
  attempts: CompanyWebhookAttempt[] | undefined;
  loading: boolean;
  /** the reason the log could not be read, shown instead of it */
  error?: string | null;
  emptyText: string;
}) {
  if (props.error) return <Alert type="error" showIcon title={props.error} />;
  return (
    <Table<CompanyWebhookAttempt>
      size="small"
      rowKey="attempt_uuid"
      loading={props.loading}
      pagination={false}
      dataSource={props.attempts ?? []}
      locale={{ emptyText: props.emptyText }}
      columns={WEBHOOK_ATTEMPT_COLUMNS}
    />
  );
}
