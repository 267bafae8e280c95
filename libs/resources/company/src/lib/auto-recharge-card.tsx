import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { AutoRecharge, RechargeAttempt } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  Popconfirm,
  Space,
  Spin,
  Switch,
  Table,
  Tag,
  splitServerError,
} from '@smsc/shared-ui';
import { MoneyField } from './money-field';
import {
  useGetAutoRechargeQuery,
  useRemoveCardMutation,
  useStartCardSetupMutation,
  useUpdateAutoRechargeMutation,
} from './auto-recharge.api';

interface Values {
  enabled: boolean;
  threshold: string;
  amount: string;
  monthly_cap: string;
}
const FIELDS = ['enabled', 'threshold', 'amount', 'monthly_cap'] as const;
const STATUS_COLOR: Record<RechargeAttempt['status'], string> = {
  pending: 'processing',
  succeeded: 'green',
  failed: 'red',
  capped: 'orange',
  skipped: 'default',
};

/** Leaving the console for the card page; an object so component tests can watch it (jsdom cannot navigate). */
export const cardSetupNavigation = { go: (url: string) => window.location.assign(url) };

const cardWords = (c: NonNullable<AutoRecharge['card']>) =>
  `${c.brand} •••• ${c.last4}${c.exp_month && c.exp_year ? `, expires ${c.exp_month}/${c.exp_year}` : ''}${
    c.provider === 'test' ? ' (test card)' : ''
  }`;

/**
 * A company's auto-recharge: the saved card, the settings and the last attempts. The company admin
 * (mode company) saves or removes its card and sets the rest; its reseller and the system admin only see.
 */
export function AutoRechargeCard({ companyId, mode }: { companyId: string; mode: 'biller' | 'company' }) {
  const dispatch = useAppDispatch();
  const query = useGetAutoRechargeQuery(companyId);
  const [update, saving] = useUpdateAutoRechargeMutation();
  const [startSetup, starting] = useStartCardSetupMutation();
  const [removeCard, removing] = useRemoveCardMutation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const [params] = useSearchParams();
  const returned = params.get('card');
  const r = query.data;
  const own = mode === 'company';

  useEffect(() => {
    if (r)
      form.setFieldsValue({
        enabled: r.enabled,
        threshold: r.threshold ?? '',
        amount: r.amount ?? '',
        monthly_cap: r.monthly_cap ?? '',
      });
  }, [r, form]);

  if (query.error)
    return (
      <Card title="Auto-recharge">
        <Alert type="error" showIcon title={describeApiError(query.error)} />
      </Card>
    );
  if (!r)
    return (
      <Card title="Auto-recharge">
        <Spin />
      </Card>
    );

  const save = async (values: Values) => {
    setError(null);
    try {
      await update({
        id: companyId,
        body: {
          enabled: !!values.enabled,
          threshold: values.threshold.trim(),
          amount: values.amount.trim(),
          monthly_cap: values.monthly_cap.trim(),
        },
      }).unwrap();
      dispatch(showToast('success', 'Auto-recharge saved'));
    } catch (failure) {
      const { fields, message } = splitServerError(failure, [...FIELDS]);
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as never, errors })));
      setError(message ?? (Object.keys(fields).length ? null : describeApiError(failure)));
    }
  };
  const saveCard = async () => {
    setError(null);
    try {
      cardSetupNavigation.go((await startSetup(companyId).unwrap()).url);
    } catch (failure) {
      setError(describeApiError(failure));
    }
  };
  const remove = async () => {
    try {
      await removeCard(companyId).unwrap();
      dispatch(showToast('success', 'Card removed'));
    } catch (failure) {
      dispatch(showToast('error', describeApiError(failure)));
    }
  };

  return (
    <Card title="Auto-recharge" data-testid="auto-recharge">
      <Space orientation="vertical" size="middle" style={{ width: '100%' }}>
        {own && returned && (
          <Alert
            type={returned === 'saved' ? 'success' : 'info'}
            showIcon
            title={returned === 'saved' ? 'Card saved' : 'No card was saved'}
          />
        )}
        {r.disabled_reason && !r.enabled && <Alert type="warning" showIcon role="alert" title={r.disabled_reason} />}
        {r.enabled && r.failures > 0 && (
          <Alert
            type="warning"
            showIcon
            role="alert"
            title={`The last ${r.failures} charge(s) failed; auto-recharge turns off after ${r.max_failures} in a row`}
          />
        )}
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Saved card">
            <span data-testid="saved-card">{r.card ? cardWords(r.card) : 'No card saved'}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Charged this month">
            {`${r.charged_this_month}${r.monthly_cap ? ` of ${r.monthly_cap}` : ''} ${r.currency}`}
          </Descriptions.Item>
        </Descriptions>
        {own && (
          <Space wrap>
            <Button onClick={() => void saveCard()} loading={starting.isLoading}>
              {r.card ? 'Replace card' : 'Save a card'}
            </Button>
            {r.card && (
              <Popconfirm
                title="Remove the saved card?"
                description="Auto-recharge turns off until a card is saved again."
                okText="Remove"
                onConfirm={() => remove()}
              >
                <Button danger loading={removing.isLoading}>
                  Remove card
                </Button>
              </Popconfirm>
            )}
          </Space>
        )}
        {error && <Alert type="error" showIcon role="alert" title={error} />}
        <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }} disabled={!own}>
          <Form.Item name="enabled" label="Recharge automatically" valuePropName="checked">
            <Switch />
          </Form.Item>
          <MoneyField
            name="threshold"
            label="When the balance falls below"
            currency={r.currency}
            digits={2}
            required="Enter the threshold"
            placeholder="10.00"
          />
          <MoneyField
            name="amount"
            label="Charge the card"
            currency={r.currency}
            digits={2}
            required="Enter the amount"
            placeholder="50.00"
            extra={`Between ${r.amount_min} and ${r.amount_max}`}
          />
          <MoneyField
            name="monthly_cap"
            label="At most a month"
            currency={r.currency}
            digits={2}
            required="Enter the monthly cap"
            placeholder="200.00"
          />
          {own && (
            <Button type="primary" htmlType="submit" loading={saving.isLoading}>
              Save auto-recharge
            </Button>
          )}
        </Form>
        <Table
          size="small"
          rowKey="attempt_uuid"
          dataSource={r.attempts}
          pagination={false}
          locale={{ emptyText: 'No charges yet' }}
          columns={[
            { title: 'When', dataIndex: 'created_on' },
            { title: 'Amount', dataIndex: 'amount', render: (a: string, row) => `${a} ${row.currency}` },
            {
              title: 'Result',
              dataIndex: 'status',
              render: (s: RechargeAttempt['status']) => <Tag color={STATUS_COLOR[s]}>{s}</Tag>,
            },
            { title: 'Note', dataIndex: 'message', render: (m: string | null) => m ?? '' },
          ]}
        />
      </Space>
    </Card>
  );
}
