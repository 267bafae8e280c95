import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import type { MarkupRow } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  Alert,
  Button,
  Card,
  Flex,
  Form,
  Input,
  InputNumber,
  Table,
  Tag,
  Typography,
  useResourcePath,
  type TableColumnsType,
} from '@smsc/shared-ui';
import { useGetRateTableQuery } from './rate.api';
import { useLazyMarkupPreviewQuery, useProposeMarkupMutation } from './rate-change.api';
import { EffectiveDay, todayUtc } from './effective-day';

const CHANGE_COLORS = {
  added: 'blue',
  increased: 'orange',
  decreased: 'green',
  closed: 'red',
  unchanged: 'default',
} as const;
const MONEY = /^\d{1,9}(\.\d{1,6})?$/;

const columns: TableColumnsType<MarkupRow> = [
  { key: 'country', title: 'Country', dataIndex: 'country_name', render: (v: string | null) => v ?? '—' },
  {
    key: 'code',
    title: 'Code or network',
    render: (_v, r) => r.code ?? `network ${r.mobile_network_uuid?.slice(0, 8)}`,
  },
  { key: 'cost', title: 'Your cost', dataIndex: 'cost', align: 'right' },
  {
    key: 'current',
    title: 'Price now',
    dataIndex: 'current_price',
    align: 'right',
    render: (v: string | null, r) =>
      v === null ? (
        '—'
      ) : Number(v) < Number(r.cost) ? (
        <Typography.Text type="danger">{`${v} (below cost)`}</Typography.Text>
      ) : (
        v
      ),
  },
  { key: 'new', title: 'New price', dataIndex: 'new_price', align: 'right' },
  { key: 'margin', title: 'Margin', dataIndex: 'margin', align: 'right' },
  {
    key: 'margin_percent',
    title: 'Margin %',
    dataIndex: 'margin_percent',
    align: 'right',
    render: (v: number) => `${v}%`,
  },
  {
    key: 'change',
    title: 'Change',
    dataIndex: 'change',
    render: (v: MarkupRow['change']) => <Tag color={CHANGE_COLORS[v]}>{v}</Tag>,
  },
];

interface Values {
  percent: number;
  minimum?: string;
}

/**
 * rate-table/{id}/markup (a reseller): the table's prices as a markup over the reseller's cost, the
 * platform product it pays by. Preview shows each destination's cost, price now, new price and margin;
 * "Propose for approval" makes a change set, opened for review, where increases wait for the companies'
 * notice period.
 */
export function MarkupPage() {
  const id = useParams().id ?? '';
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const resolve = useResourcePath();
  const table = useGetRateTableQuery(id);
  const [form] = Form.useForm<Values>();
  const [preview, previewState] = useLazyMarkupPreviewQuery();
  const [propose, proposeState] = useProposeMarkupMutation();
  const [day, setDay] = useState(todayUtc);
  // the values the preview on screen was made with: a proposal sends exactly what was previewed
  const [shown, setShown] = useState<Values | null>(null);

  const run = async (values: Values) => {
    const ask = { percent: values.percent, minimum: values.minimum?.trim() || undefined };
    setShown(ask);
    await preview({ id, ...ask });
  };
  const submit = async () => {
    if (!shown) return;
    try {
      const set = await propose({ id, body: { ...shown, effective_from: day } }).unwrap();
      dispatch(showToast('success', 'The new prices are waiting for your approval'));
      navigate(resolve(`rate-changes/${set.change_set_uuid}`));
    } catch (e) {
      dispatch(showToast('error', describeApiError(e)));
    }
  };
  const data = previewState.data;
  const stale = previewState.isFetching;
  return (
    <Card title={`Price ${table.data?.rate_table_name ?? 'this rate table'} from your cost`} data-testid="markup-page">
      <Typography.Paragraph type="secondary">
        Your cost is what the platform charges you per message part (the wholesale product the platform gave you).
        Choose a markup: each destination you have a cost for is priced at cost plus that percent, and never less than
        the minimum margin. Nothing changes until you approve the change set this makes.
      </Typography.Paragraph>
      <Form<Values>
        form={form}
        layout="inline"
        initialValues={{ percent: 30 }}
        onFinish={(v) => void run(v)}
        style={{ marginBottom: 16, rowGap: 8 }}
      >
        <Form.Item
          name="percent"
          label="Markup %"
          rules={[{ required: true, message: 'Enter a markup from 0 to 1000 %' }]}
        >
          <InputNumber min={0} max={1000} step={5} aria-label="Markup %" />
        </Form.Item>
        <Form.Item
          name="minimum"
          label="Minimum margin"
          rules={[{ pattern: MONEY, message: 'An amount such as 0.002 (up to 6 decimals)' }]}
        >
          <Input placeholder="0.002" style={{ width: 120 }} />
        </Form.Item>
        <Form.Item>
          <Button htmlType="submit" type="primary" loading={stale}>
            Preview
          </Button>
        </Form.Item>
      </Form>
      {previewState.isError && (
        <Alert type="error" showIcon title="No preview" description={describeApiError(previewState.error)} />
      )}
      {data && !previewState.isError && (
        <Flex vertical gap="middle">
          <Typography.Text role="status" data-testid="markup-summary">
            {`${data.total} destinations priced from ${data.cost_product_name}: ${data.added} new, ${data.increased} up, ${data.decreased} down, ${data.unchanged} unchanged.`}
            {data.skipped ? ` ${data.skipped} mobile-network costs left out (a prefix table prices by code).` : ''}
          </Typography.Text>
          {data.below_cost_now > 0 && (
            <Alert
              type="warning"
              showIcon
              title={`${data.below_cost_now} destinations sell below your cost today: each message to them loses money.`}
            />
          )}
          {data.total > data.rows.length && (
            <Typography.Text type="secondary">{`The first ${data.rows.length} of ${data.total} are shown; all are proposed.`}</Typography.Text>
          )}
          <Table<MarkupRow>
            size="small"
            rowKey={(r) => r.code ?? r.mobile_network_uuid ?? ''}
            columns={columns}
            dataSource={data.rows}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            scroll={{ x: 'max-content' }}
            aria-label="Markup preview"
          />
          <Flex gap="middle" align="center" wrap>
            <EffectiveDay day={day} onChange={setDay} />
            <Button
              type="primary"
              disabled={!data.total || stale}
              loading={proposeState.isLoading}
              onClick={() => void submit()}
            >
              Propose for approval
            </Button>
            <Button onClick={() => navigate(resolve('rate-table'))}>Cancel</Button>
          </Flex>
        </Flex>
      )}
    </Card>
  );
}
