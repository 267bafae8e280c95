import { useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { describeApiError, showToast } from '@smsc/shared-api';
import type { CompanyWebhookAttempt } from '@smsc/shared-contract';
import { Alert, Button, Card, Popconfirm, Space, Table, Tag, Typography } from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import { useTestWebhookMutation, useUpdateWebhookMutation, useWebhookDeliveriesQuery } from './webhook.api';
import { revealSecret, SecretNotice } from './webhook-secret';

function result(a: CompanyWebhookAttempt) {
  if (a.ok) return <Tag color="green">Delivered</Tag>;
  return <Tag color="red">{a.status_code ?? 'Error'}</Tag>;
}
function next(a: CompanyWebhookAttempt) {
  if (a.ok) return '';
  if (a.state === 'failed') return 'Given up';
  return a.next_attempt_on ? `Retry at ${formatDateTime(a.next_attempt_on)}` : '';
}

/** The delivery log of one webhook: the latest attempts, newest first, refreshed while the page is open. */
export function WebhookDeliveries({ id }: { id: string }) {
  // follows the deliveries live (LIVE_TAGS webhook), no polling
  const log = useWebhookDeliveriesQuery(id, { skip: !id });
  if (log.isError) return <Alert type="error" showIcon title={describeApiError(log.error)} />;
  return (
    <Table<CompanyWebhookAttempt>
      size="small"
      rowKey="attempt_uuid"
      loading={log.isLoading}
      pagination={false}
      dataSource={log.data ?? []}
      locale={{ emptyText: 'No delivery yet: the next event of the company is sent here.' }}
      columns={[
        { title: 'When', dataIndex: 'created_on', width: 190, render: (v: string) => formatDateTime(v) },
        { title: 'Event', dataIndex: 'type', width: 140 },
        { title: 'Attempt', dataIndex: 'attempt', width: 80 },
        { title: 'Result', dataIndex: 'ok', width: 100, render: (_v, a) => result(a) },
        { title: 'Time', dataIndex: 'duration_ms', width: 90, render: (v: number) => `${v} ms` },
        { title: 'Error', dataIndex: 'error', render: (v: string | null) => v ?? '' },
        { title: 'Next', dataIndex: 'state', width: 200, render: (_v, a) => next(a) },
      ]}
    />
  );
}

/** Under the edit form: send a test event, replace the signing secret (after a confirmation), the delivery log. */
export function WebhookPanel() {
  const id = useParams().id ?? '';
  const dispatch = useDispatch();
  const [test, testing] = useTestWebhookMutation();
  const [update, rotating] = useUpdateWebhookMutation();
  const sendTest = async () => {
    try {
      const r = await test(id).unwrap();
      if (r.ok) dispatch(showToast('success', `Test event delivered (${r.status_code})`));
      else dispatch(showToast('error', `The test event was not delivered: ${r.error}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const rotate = async () => {
    try {
      const r = await update({ id, body: { rotate_secret: true } }).unwrap();
      revealSecret('The webhook\u2019s new signing secret', r.secret);
      dispatch(showToast('success', 'A new secret is in place; the old one no longer signs'));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  return (
    <Card title="Deliveries" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Each event is a signed POST (Standard Webhooks: webhook-id, webhook-timestamp, webhook-signature), or with
        batched delivery up to 100 events in one; an event is retried with growing waits when the endpoint fails. Every
        event is listed below with the answer it got.
      </Typography.Paragraph>
      <Space style={{ marginBottom: 12 }}>
        <Button onClick={() => void sendTest()} loading={testing.isLoading}>
          Send test event
        </Button>
        <Popconfirm
          title="Replace the signing secret?"
          description="The old secret stops signing at once; the receiver needs the new one."
          okText="Replace"
          okButtonProps={{ danger: true }}
          onConfirm={() => void rotate()}
        >
          <Button loading={rotating.isLoading}>New secret</Button>
        </Popconfirm>
      </Space>
      <WebhookDeliveries id={id} />
      <SecretNotice />
    </Card>
  );
}
