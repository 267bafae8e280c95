import { useState } from 'react';
import { useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { describeApiError, showToast } from '@smsc/shared-api';
import type { DidWebhook } from '@smsc/shared-contract';
import {
  Alert,
  Button,
  Card,
  Form,
  Input,
  Modal,
  Popconfirm,
  Space,
  Switch,
  Table,
  Typography,
  WebhookAttemptsTable,
} from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import {
  useCreateDidWebhookMutation,
  useDeleteDidWebhookMutation,
  useListDidWebhooksQuery,
  useListWebhookDeliveriesQuery,
  useTestDidWebhookMutation,
  useUpdateDidWebhookMutation,
} from './did-extras.api';

/** The delivery log of one webhook, newest first: each attempt with its message, status and next retry. */
function Deliveries({ id }: { id: string }) {
  const list = useListWebhookDeliveriesQuery(id, { pollingInterval: 10_000 });
  return (
    <WebhookAttemptsTable
      attempts={list.data}
      loading={list.isLoading}
      error={list.isError ? 'The deliveries could not be read' : null}
      emptyText="No delivery yet: the next incoming message on this number is sent here."
    />
  );
}

/**
 * On edit-did/{id}: the number's webhooks. Every incoming message on the number is POSTed to each active one,
 * signed like every webhook (Standard Webhooks) and with the old x-smsc-signature until its deprecation date
 * (docs/webhooks.md, "DID webhooks"); the secret shows once. Each has a test event and a delivery log.
 */
export function DidWebhooksPanel() {
  const didUuid = useParams().id ?? '';
  const dispatch = useDispatch();
  const list = useListDidWebhooksQuery({ did_uuid: didUuid, page: 0, per_page: 50 }, { skip: !didUuid });
  const [create, creating] = useCreateDidWebhookMutation();
  const [update] = useUpdateDidWebhookMutation();
  const [remove] = useDeleteDidWebhookMutation();
  const [test, testing] = useTestDidWebhookMutation();
  const [secret, setSecret] = useState<string | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [form] = Form.useForm<{ url: string }>();
  const add = async ({ url }: { url: string }) => {
    const made = await create({ did: didUuid, url: url.trim() }).unwrap();
    form.resetFields();
    setSecret(made.secret ?? null);
    dispatch(showToast('success', 'Webhook added'));
  };
  const rotate = async (w: DidWebhook) => {
    const r = await update({ id: w.webhook_uuid, body: { rotate_secret: true } }).unwrap();
    setSecret(r.secret ?? null);
    dispatch(showToast('success', 'A new secret is in place; the old one no longer signs'));
  };
  const sendTest = async (w: DidWebhook) => {
    try {
      const r = await test(w.webhook_uuid).unwrap();
      if (r.ok) dispatch(showToast('success', `Test event delivered (${r.status_code})`));
      else dispatch(showToast('error', `The test event was not delivered: ${r.error}`));
      // the attempt is in the log: open it
      setOpen(w.webhook_uuid);
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  return (
    <Card title="Webhooks" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Each incoming message on this number is sent as a signed POST (Standard Webhooks: webhook-id, webhook-timestamp,
        webhook-signature; the older x-smsc-signature too until 30 June 2027), retried with growing waits when the
        endpoint fails. Open a webhook to see its deliveries.
      </Typography.Paragraph>
      {list.isError && (
        <Alert
          type="error"
          showIcon
          title="The webhooks could not be read"
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              Retry
            </Button>
          }
        />
      )}
      <Table<DidWebhook>
        size="small"
        rowKey="webhook_uuid"
        loading={list.isLoading}
        pagination={false}
        dataSource={list.data?.items ?? []}
        locale={{ emptyText: 'No webhook on this number' }}
        expandable={{
          expandedRowRender: (w) => <Deliveries id={w.webhook_uuid} />,
          expandedRowKeys: open ? [open] : [],
          onExpand: (on, w) => setOpen(on ? w.webhook_uuid : null),
        }}
        columns={[
          { title: 'URL', dataIndex: 'url', render: (v: string) => <Typography.Text code>{v}</Typography.Text> },
          {
            title: 'Active',
            dataIndex: 'is_active',
            width: 90,
            render: (v: boolean, w) => (
              <Switch
                checked={v}
                aria-label={`Active: ${w.url}`}
                onChange={(on) =>
                  quiet(
                    update({ id: w.webhook_uuid, body: { is_active: on } })
                      .unwrap()
                      .then(() => dispatch(showToast('success', on ? 'Webhook on' : 'Webhook paused'))),
                  )
                }
              />
            ),
          },
          { title: 'Secret', dataIndex: 'secret_hint', width: 150 },
          {
            title: withZone('Last delivery'),
            dataIndex: 'last_delivery_on',
            width: 220,
            render: (v: string | null, w) => (v ? `${formatDateTime(v)} · ${w.last_status}` : 'None yet'),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 300,
            render: (_v, w) => (
              <Space>
                <Button
                  size="small"
                  aria-label={`Send test: ${w.url}`}
                  loading={testing.isLoading && testing.originalArgs === w.webhook_uuid}
                  onClick={() => void sendTest(w)}
                >
                  Send test
                </Button>
                <Popconfirm
                  title="Replace the signing secret?"
                  description="The old secret stops signing at once; the receiver needs the new one."
                  okText="Replace"
                  okButtonProps={{ danger: true }}
                  onConfirm={() => quiet(rotate(w))}
                >
                  <Button size="small">New secret</Button>
                </Popconfirm>
                <Popconfirm
                  title="Delete this webhook?"
                  okText="Delete"
                  okButtonProps={{ danger: true }}
                  onConfirm={() =>
                    quiet(
                      remove(w.webhook_uuid)
                        .unwrap()
                        .then(() => dispatch(showToast('success', 'Webhook deleted'))),
                    )
                  }
                >
                  <Button size="small" danger>
                    Delete
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]}
      />
      <Form form={form} layout="inline" onFinish={(v) => quiet(add(v))} style={{ marginTop: 12 }}>
        <Form.Item
          name="url"
          label="New webhook URL"
          rules={[
            { required: true, message: 'The URL' },
            { pattern: /^https?:\/\/\S{3,}$/, message: 'An http(s):// URL' },
            { max: 500 },
          ]}
        >
          <Input placeholder="https://example.com/sms-in" style={{ width: 360 }} />
        </Form.Item>
        <Button htmlType="submit" loading={creating.isLoading}>
          Add webhook
        </Button>
      </Form>
      <Modal
        open={!!secret}
        title="The webhook's signing secret"
        onOk={() => setSecret(null)}
        onCancel={() => setSecret(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText="I have kept it"
      >
        <Typography.Paragraph>Keep it now: it is not shown again.</Typography.Paragraph>
        <Typography.Paragraph copyable code>
          {secret}
        </Typography.Paragraph>
      </Modal>
    </Card>
  );
}
