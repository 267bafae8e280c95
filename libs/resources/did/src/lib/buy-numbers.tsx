import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { useDispatch } from 'react-redux';
import { lookupOf, showToast, readApiProblem } from '@smsc/shared-api';
import { TOLL_FREE_PREFIXES, type AvailableNumber } from '@smsc/shared-contract';
import {
  Alert,
  Button,
  Form,
  Input,
  lookupSelectProps,
  Popconfirm,
  Select,
  Space,
  Table,
  Typography,
  useSettled,
} from '@smsc/shared-ui';
import { useListStatesQuery, useOrderDidsMutation, useSearchDidsQuery, useSearchTfDidsQuery } from './did.api';
import { formatMoney } from '@smsc/shared-util';
import { formatDid } from './did.resource';

/** "SMS · MMS · Voice": what a number can do, in the words people use. */
export function capabilityWords(c: AvailableNumber['capabilities'] | undefined): string {
  if (!c) return '';
  const words = [c.sms && 'SMS', c.mms && 'MMS', c.voice && 'Voice'].filter(Boolean);
  return words.length ? words.join(' · ') : 'None';
}

const newKey = () =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;

export interface BuyNumbersProps {
  tollFree: boolean;
  /** where to go once the order is placed */
  doneTo: string;
}

/** buy-did / buy-tf-did: search as you type (area code, state, digits), pick numbers, order them in one step. */
export function BuyNumbers({ tollFree, doneTo }: BuyNumbersProps) {
  const navigate = useNavigate();
  const dispatch = useDispatch();
  const [npa, setNpa] = useState('');
  const [state, setState] = useState<string | undefined>();
  const [prefix, setPrefix] = useState<string | undefined>();
  const [pattern, setPattern] = useState('');
  const [picked, setPicked] = useState<string[]>([]);
  // One key per picked set: a retried click re-sends the same key, a new pick is a new order.
  const key = useMemo(() => (picked.length ? newKey() : ''), [picked]);
  const states = useListStatesQuery(undefined, { skip: tollFree });
  const typed = useSettled({ npa, state, prefix, pattern: pattern.replace(/[^0-9*]/g, '') });
  const npaReady = typed.npa === '' || /^[0-9]{3}$/.test(typed.npa);
  const localArgs = {
    ...(typed.npa ? { npa: typed.npa } : {}),
    ...(typed.state ? { state: typed.state } : {}),
    ...(typed.pattern ? { pattern: typed.pattern } : {}),
  };
  const tfArgs = {
    ...(typed.prefix ? { prefix: typed.prefix as (typeof TOLL_FREE_PREFIXES)[number] } : {}),
    ...(typed.pattern ? { pattern: typed.pattern } : {}),
  };
  const local = useSearchDidsQuery(localArgs, { skip: tollFree || !npaReady });
  const tf = useSearchTfDidsQuery(tfArgs, { skip: !tollFree });
  const search = tollFree ? tf : local;
  const [order, ordering] = useOrderDidsMutation();
  const found: AvailableNumber[] = search.data ?? [];
  const pickedRows = useMemo(() => new Set(picked), [picked]);
  // summed in micro-units: a float sum of prices can come out as 3.0000000000000004
  const totalMicro = found
    .filter((n) => pickedRows.has(n.did))
    .reduce((sum, n) => sum + Math.round(Number(n.monthly_price) * 1e6), 0);
  const total = (totalMicro / 1e6).toFixed(6);

  const submit = async () => {
    await order({ numbers: picked, tollFree, key }).unwrap();
    dispatch(
      showToast(
        'success',
        `Ordered ${picked.length} number${picked.length > 1 ? 's' : ''}; ${formatMoney(total)} charged for the first month`,
      ),
    );
    navigate(doneTo);
  };

  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Form layout="inline" onSubmitCapture={(e) => e.preventDefault()}>
        {tollFree ? (
          <Form.Item label="Prefix" htmlFor="buy-prefix">
            <Select
              id="buy-prefix"
              allowClear
              style={{ width: 120 }}
              value={prefix}
              onChange={setPrefix}
              placeholder="Any"
              options={TOLL_FREE_PREFIXES.map((p) => ({ value: p, label: p }))}
            />
          </Form.Item>
        ) : (
          <>
            <Form.Item
              label="Area code"
              htmlFor="buy-npa"
              validateStatus={npaReady ? undefined : 'warning'}
              help={npaReady ? undefined : 'Three digits'}
            >
              <Input
                id="buy-npa"
                inputMode="numeric"
                maxLength={3}
                style={{ width: 100 }}
                value={npa}
                onChange={(e) => setNpa(e.target.value.replace(/\D/g, ''))}
              />
            </Form.Item>
            <Form.Item label="State" htmlFor="buy-state">
              <Select
                id="buy-state"
                showSearch
                allowClear
                style={{ width: 220 }}
                value={state}
                onChange={setState}
                placeholder="Any"
                optionFilterProp="label"
                {...lookupSelectProps(
                  lookupOf(states, (list) => list.map((s) => ({ value: s.code, label: `${s.name} (${s.code})` }))),
                )}
              />
            </Form.Item>
          </>
        )}
        <Form.Item label="Digits" htmlFor="buy-pattern">
          <Input
            id="buy-pattern"
            maxLength={10}
            style={{ width: 140 }}
            value={pattern}
            placeholder="e.g. 77 or *0100"
            onChange={(e) => setPattern(e.target.value)}
          />
        </Form.Item>
      </Form>
      {search.error ? (
        <Alert type="error" showIcon role="alert" title={readApiProblem(search.error).detail ?? 'The search failed'} />
      ) : null}
      <Table<AvailableNumber>
        size="small"
        rowKey="did"
        loading={search.isFetching}
        dataSource={found}
        pagination={false}
        aria-label="Available numbers"
        rowSelection={{
          selectedRowKeys: picked,
          onChange: (keys) => setPicked(keys.map(String)),
          getCheckboxProps: (n) => ({ 'aria-label': `Pick ${formatDid(n.did)}` }),
        }}
        columns={[
          { key: 'did', dataIndex: 'did', title: 'Number', width: 170, render: (v: string) => formatDid(v) },
          {
            key: 'capabilities',
            dataIndex: 'capabilities',
            title: 'Can do',
            width: 150,
            render: (c: AvailableNumber['capabilities'] | undefined) => capabilityWords(c),
          },
          { key: 'place', dataIndex: 'place', title: 'Place', render: (v: string | null) => v ?? '' },
          { key: 'state', dataIndex: 'state', title: 'State', width: 80, render: (v: string | null) => v ?? '' },
          {
            key: 'monthly_price',
            dataIndex: 'monthly_price',
            title: 'Monthly price',
            width: 130,
            render: (v: string) => formatMoney(v),
          },
        ]}
      />
      <Space>
        {/* asks first, with what it costs now and each month: ordering charges the first month at once */}
        <Popconfirm
          title={`Order ${picked.length} number${picked.length > 1 ? 's' : ''}?`}
          description={
            <span data-testid="order-confirm">
              {formatMoney(total)} is charged to your balance now (the first month), then {formatMoney(total)} per
              month.
            </span>
          }
          okText="Order and pay"
          cancelText="Cancel"
          disabled={!picked.length}
          onConfirm={() => submit().catch(() => undefined)}
        >
          <Button type="primary" disabled={!picked.length} loading={ordering.isLoading}>
            {picked.length ? `Order ${picked.length} number${picked.length > 1 ? 's' : ''}` : 'Pick numbers to order'}
          </Button>
        </Popconfirm>
        {picked.length > 0 && (
          <Typography.Text data-testid="order-total">{formatMoney(total)} per month</Typography.Text>
        )}
      </Space>
    </Space>
  );
}
