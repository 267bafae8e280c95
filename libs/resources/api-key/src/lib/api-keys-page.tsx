import { useState } from 'react';
import { Link } from 'react-router';
import {
  API_KEYS_PER_PAGE,
  API_KEY_SCOPES,
  API_KEY_SCOPE_WORDS,
  type ApiKey,
  type ApiKeyScope,
} from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  Alert,
  Button,
  Card,
  Checkbox,
  Empty,
  Form,
  Input,
  Modal,
  Popconfirm,
  PlusOutlined,
  Radio,
  Result,
  Space,
  Table,
  Tag,
  Typography,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { formatDateTime, withZone } from '@smsc/shared-util';
import { useCreateApiKeyMutation, useListApiKeysQuery, useRevokeApiKeyMutation } from './api-key.api';

// the one date format of every page (YYYY-MM-DD HH:mm), not the browser's locale
const when = (iso: string | null) => (iso ? formatDateTime(iso) : 'Never');

/** profile/api-keys: the company's keys for programmatic sending (X-Api-Key on the SMS and bulk calls). */
export function ApiKeysPage() {
  // the keys are paged by the server; a company seldom has more than one page of them
  const [page, setPage] = useState(0);
  const list = useListApiKeysQuery(page || undefined);
  const total = list.data?.total ?? 0;
  const perPage = list.data?.per_page ?? API_KEYS_PER_PAGE;
  const [create, creating] = useCreateApiKeyMutation();
  const [revoke, revoking] = useRevokeApiKeyMutation();
  const dispatch = useAppDispatch();
  const [asking, setAsking] = useState(false);
  const [name, setName] = useState('');
  const [scopes, setScopes] = useState<ApiKeyScope[]>(['send']);
  // a test key (the sandbox) is never charged nor carried; live is what a key always was
  const [sandbox, setSandbox] = useState(false);
  // the full key lives only in this state, for the one time it is shown
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);

  const submit = async () => {
    if (!name.trim() || !scopes.length) return;
    const out = await create({ name: name.trim(), scopes, sandbox }).unwrap();
    setAsking(false);
    setName('');
    setScopes(['send']);
    setSandbox(false);
    setShown({ name: out.api_key.name, key: out.key });
    dispatch(showToast('success', `API key "${out.api_key.name}" created`));
  };
  const drop = async (k: ApiKey) => {
    await revoke(k.api_key_uuid).unwrap();
    dispatch(showToast('success', k.revoked_on ? `API key "${k.name}" removed` : `API key "${k.name}" revoked`));
  };

  const columns: TableColumnsType<ApiKey> = [
    { key: 'name', title: 'Name', dataIndex: 'name' },
    { key: 'prefix', title: 'Key', render: (_, k) => <Typography.Text code>{k.prefix}…</Typography.Text> },
    {
      key: 'mode',
      title: 'Mode',
      render: (_, k) =>
        k.sandbox ? (
          <Tag color="orange" title="Never charged nor sent to a carrier; magic numbers choose the outcome">
            Test (sandbox)
          </Tag>
        ) : (
          <Tag color="blue">Live</Tag>
        ),
    },
    {
      key: 'scopes',
      title: 'May',
      render: (_, k) => (
        <Space size={4} wrap>
          {k.scopes.map((s) => (
            <Tag key={s} title={API_KEY_SCOPE_WORDS[s]}>
              {s}
            </Tag>
          ))}
        </Space>
      ),
    },
    { key: 'created_by_email', title: 'Created by', dataIndex: 'created_by_email' },
    { key: 'created_on', title: withZone('Created'), render: (_, k) => when(k.created_on) },
    { key: 'last_used_on', title: withZone('Last used'), render: (_, k) => when(k.last_used_on) },
    {
      key: 'state',
      title: 'State',
      render: (_, k) =>
        k.revoked_on ? (
          <Tag color="red" title="Reactivating the user does not bring the key back; create a new one">
            Revoked {when(k.revoked_on)}: {k.created_by_email ?? 'its creator'} was deactivated
          </Tag>
        ) : (
          <Tag color="green">Active</Tag>
        ),
    },
    {
      key: 'actions',
      title: 'Actions',
      render: (_, k) =>
        k.revoked_on ? (
          <Button size="small" onClick={() => void drop(k).catch(() => undefined)}>
            Remove
          </Button>
        ) : (
          <Popconfirm
            title={`Revoke "${k.name}"?`}
            description="Programs using this key stop working at once."
            okText="Revoke"
            okButtonProps={{ danger: true }}
            onConfirm={() => drop(k).catch(() => undefined)}
          >
            <Button danger size="small" loading={revoking.isLoading && revoking.originalArgs === k.api_key_uuid}>
              Revoke
            </Button>
          </Popconfirm>
        ),
    },
  ];

  if (list.error)
    return <Result status="warning" title="The API keys could not be loaded" subTitle={describeApiError(list.error)} />;
  return (
    <Card>
      <Space orientation="vertical" style={{ width: '100%' }}>
        <Typography.Paragraph>
          A program calls the API as your company by putting its key in the{' '}
          <Typography.Text code>X-Api-Key</Typography.Text> header, within the scopes picked for the key: send (SMS and
          bulk messages), read (balance, transactions, webhooks, numbers, recipients) or manage (change them). The key
          acts as the person who created it; revoke it when it is no longer needed. A test key (
          <Typography.Text code>smsc_test_…</Typography.Text>) tries the API for free: its messages are never charged
          nor sent to a carrier, and the sandbox's magic numbers (+1 500 555 01xx, see the API docs) choose each
          outcome.
        </Typography.Paragraph>
        {list.data?.account_sid && (
          <Typography.Paragraph data-testid="twilio-account-sid">
            Moving from Twilio? Point its library at this server&apos;s{' '}
            <Typography.Text code>/api_smsc/v1</Typography.Text> and sign in with your Account SID{' '}
            <Typography.Text code copyable>
              {list.data.account_sid}
            </Typography.Text>{' '}
            and an API key as the password (see Twilio-compatible Messages in the API docs).
          </Typography.Paragraph>
        )}
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAsking(true)}>
          Create API key
        </Button>
        <Table<ApiKey>
          rowKey="api_key_uuid"
          columns={columns}
          dataSource={list.data?.items ?? []}
          loading={list.isLoading}
          pagination={
            total > perPage
              ? {
                  current: page + 1,
                  pageSize: perPage,
                  total,
                  showSizeChanger: false,
                  onChange: (p) => setPage(p - 1),
                }
              : false
          }
          locale={{ emptyText: <Empty description="No API keys yet" /> }}
        />
      </Space>
      <Modal
        title="Create API key"
        open={asking}
        okText="Create"
        confirmLoading={creating.isLoading}
        okButtonProps={{ disabled: !name.trim() || !scopes.length }}
        onOk={() => void submit().catch(() => undefined)}
        onCancel={() => setAsking(false)}
        destroyOnHidden
      >
        <Form layout="vertical" onFinish={() => void submit().catch(() => undefined)}>
          <Form.Item label="Name" htmlFor="api-key-name" extra="What the key is for, e.g. the program that uses it.">
            <Input id="api-key-name" maxLength={100} value={name} onChange={(e) => setName(e.target.value)} autoFocus />
          </Form.Item>
          <Form.Item
            label="Mode"
            extra={
              sandbox
                ? 'Its messages are never charged nor sent to a carrier; magic numbers choose delivered, failed, STOP…'
                : 'Its messages are sent and charged like any other.'
            }
          >
            <Radio.Group
              aria-label="Mode"
              value={sandbox ? 'test' : 'live'}
              onChange={(e) => setSandbox(e.target.value === 'test')}
              options={[
                { value: 'live', label: 'Live' },
                { value: 'test', label: 'Test (sandbox)' },
              ]}
            />
          </Form.Item>
          <Form.Item
            label="The key may"
            required
            help={scopes.length ? undefined : 'Pick at least one'}
            validateStatus={scopes.length ? undefined : 'error'}
          >
            <Checkbox.Group
              aria-label="The key may"
              value={scopes}
              onChange={(v) => setScopes(API_KEY_SCOPES.filter((s) => (v as string[]).includes(s)))}
              style={{ display: 'flex', flexDirection: 'column', gap: 4 }}
              options={API_KEY_SCOPES.map((s) => ({ value: s, label: API_KEY_SCOPE_WORDS[s] }))}
            />
          </Form.Item>
        </Form>
      </Modal>
      {/* rendered only while shown, so the key leaves the page once the modal is closed */}
      {shown && (
        <Modal
          title={`API key "${shown.name}"`}
          open
          onCancel={() => setShown(null)}
          footer={
            <Button type="primary" onClick={() => setShown(null)}>
              Done
            </Button>
          }
        >
          <Alert
            type="warning"
            showIcon
            title="Copy the key now: it is shown only this once."
            style={{ marginBottom: 12 }}
          />
          <Typography.Paragraph code copyable={{ text: shown.key }} data-testid="api-key-value">
            {shown.key}
          </Typography.Paragraph>
        </Modal>
      )}
    </Card>
  );
}

/** A way to the keys from the company's profile page (the profile area has no sub-menu). */
export function ApiKeysLink() {
  return (
    <Link to="../api-keys" relative="path">
      Manage API keys
    </Link>
  );
}
