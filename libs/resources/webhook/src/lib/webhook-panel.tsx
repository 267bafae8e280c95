import { useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { describeApiError, showToast } from '@smsc/shared-api';
import { Button, Card, Popconfirm, Space, Typography, WebhookAttemptsTable } from '@smsc/shared-ui';
import { useTestWebhookMutation, useUpdateWebhookMutation, useWebhookDeliveriesQuery } from './webhook.api';
import { revealSecret, SecretNotice } from './webhook-secret';

/** The delivery log of one webhook: the latest attempts, newest first, refreshed while the page is open. */
export function WebhookDeliveries({ id }: { id: string }) {
  // follows the deliveries live (LIVE_TAGS webhook), no polling
  const log = useWebhookDeliveriesQuery(id, { skip: !id });
  return (
    <WebhookAttemptsTable
      attempts={log.data}
      loading={log.isLoading}
      error={log.isError ? describeApiError(log.error) : null}
      emptyText="No delivery yet: the next event of the company is sent here."
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
