import { useState } from 'react';
import { useParams } from 'react-router';
import { useDispatch } from 'react-redux';
import { showToast } from '@smsc/shared-api';
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
  Tag,
  Typography,
} from '@smsc/shared-ui';
import { formatDateTime } from '@smsc/shared-util';
import {
  useCreateDidWebhookMutation,
  useDeleteDidWebhookMutation,
  useListDidWebhooksQuery,
  useListWebhookDeliveriesQuery,
  useUpdateDidWebhookMutation,
} from './did-extras.api';

/** The last deliveries of one webhook, newest first. */
function Deliveries({ id }: { id: string }) {
  const list = useListWebhookDeliveriesQuery(id, { pollingInterval: 10_000 });
  if (list.isError) return <Alert type="error" showIcon title="The deliveries could not be read" />;
  return (
    <Table
      size="small"
      rowKey="delivery_uuid"
      loading={list.isLoading}
      pagination={false}
      dataSource={list.data ?? []}
      locale={{ emptyText: 'No delivery yet: the next incoming message on this number is sent here.' }}
      columns={[
        { title: 'When', dataIndex: 'created_on', width: 190, render: (v: string) => formatDateTime(v) },
        { title: 'Attempt', dataIndex: 'attempt', width: 80 },
        {
          title: 'Result',
          dataIndex: 'ok',
          width: 110,
          render: (ok: boolean, d) =>
            ok ? <Tag color="green">Delivered</Tag> : <Tag color="red">{d.status_code ?? 'Error'}</Tag>,
        },
        { title: 'Time', dataIndex: 'duration_ms', width: 90, render: (v: number) => `${v} ms` },
        { title: 'Error', dataIndex: 'error', render: (v: string | null) => v ?? '' },
      ]}
    />
  );
}

/**
 * On edit-did/{id}: the number's webhooks. Every incoming message on the number is POSTed to each
 * active one, signed with its secret (HMAC-SHA256 of "<timestamp>.<body>"); the secret shows once.
 */
export function DidWebhooksPanel() {
  const didUuid = useParams().id ?? '';
  const dispatch = useDispatch();
  const list = useListDidWebhooksQuery({ did_uuid: didUuid, page: 0, per_page: 50 }, { skip: !didUuid });
  const [create, creating] = useCreateDidWebhookMutation();
  const [update] = useUpdateDidWebhookMutation();
  const [remove] = useDeleteDidWebhookMutation();
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
  const quiet = (p: Promise<unknown>) => void p.catch(() => undefined);
  return (
    <Card title="Webhooks" style={{ marginTop: 16 }}>
      <Typography.Paragraph type="secondary">
        Each incoming message on this number is sent as a signed POST (headers x-smsc-timestamp and x-smsc-signature),
        retried three times when the endpoint fails.
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
            title: 'Last delivery',
            dataIndex: 'last_delivery_on',
            width: 220,
            render: (v: string | null, w) => (v ? `${formatDateTime(v)} · ${w.last_status}` : 'None yet'),
          },
          {
            title: 'Actions',
            key: 'actions',
            width: 210,
            render: (_v, w) => (
              <Space>
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
