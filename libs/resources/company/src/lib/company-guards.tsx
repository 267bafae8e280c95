import { useEffect, useState } from 'react';
import { useParams } from 'react-router';
import {
  PUMPING_SIGNAL_WORDS,
  type CompanyGuards,
  type CompanyGuardsPut,
  type PumpingHold,
} from '@smsc/shared-contract';
import { describeApiError, lookupOf, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import {
  Alert,
  Button,
  Card,
  Descriptions,
  Form,
  lookupSelectProps,
  Select,
  Space,
  Spin,
  Table,
  Tag,
  splitServerError,
} from '@smsc/shared-ui';
import {
  useGetCompanyCountriesQuery,
  useGetCompanyGuardsQuery,
  useReleaseHoldMutation,
  useUpdateCompanyGuardsMutation,
} from './guards.api';
import { AutoRechargeCard } from './auto-recharge-card';
import { MoneyField } from './money-field';

/** who is looking: the company's biller (system admin, reseller) sets; the company admin lowers its own */
export type GuardsMode = 'biller' | 'company';

type Values = Partial<Record<keyof CompanyGuardsPut, string | string[] | undefined>>;
const AMOUNTS = {
  biller: ['daily_limit', 'monthly_limit', 'low_balance_threshold'],
  company: ['own_daily_limit', 'own_monthly_limit', 'low_balance_threshold'],
} as const;
const LABELS: Record<string, string> = {
  daily_limit: 'Daily spend limit',
  monthly_limit: 'Monthly spend limit',
  own_daily_limit: 'My daily limit (only lower)',
  own_monthly_limit: 'My monthly limit (only lower)',
  low_balance_threshold: 'Low-balance alert below',
};

/** What a usage line says: "12.00 of 50.00 USD", or "12.00 USD (no limit)". */
const usage = (spent: string, limit: string | null, currency: string) =>
  limit === null ? `${spent} ${currency} (no limit)` : `${spent} of ${limit} ${currency}`;

/** The form's values as the PUT body: what changed only, an emptied amount clears (null). */
export function guardsBody(mode: GuardsMode, values: Values, current: CompanyGuards): CompanyGuardsPut {
  const body: Record<string, unknown> = {};
  for (const field of AMOUNTS[mode]) {
    const typed = typeof values[field] === 'string' ? (values[field] as string).trim() : '';
    const next = typed === '' ? null : typed;
    if (next !== current[field]) body[field] = next;
  }
  if (mode === 'biller') {
    const list = (values.allowed_countries as string[] | undefined) ?? [];
    const next = list.length ? [...list].sort() : null;
    if (JSON.stringify(next) !== JSON.stringify(current.allowed_countries)) body.allowed_countries = next;
  }
  return body as CompanyGuardsPut;
}

/** A company's spend and destination guards: usage against its limits, the form its viewer may change, holds. */
export function CompanyGuardsPanel({ companyId, mode }: { companyId: string; mode: GuardsMode }) {
  const dispatch = useAppDispatch();
  const guards = useGetCompanyGuardsQuery(companyId);
  const countries = useGetCompanyCountriesQuery(companyId);
  const [update, saving] = useUpdateCompanyGuardsMutation();
  const [release] = useReleaseHoldMutation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const g = guards.data;

  useEffect(() => {
    if (!g) return;
    form.setFieldsValue({
      ...Object.fromEntries(AMOUNTS[mode].map((f) => [f, g[f] ?? ''])),
      allowed_countries: g.allowed_countries ?? [],
    });
  }, [g, mode, form]);

  // a failed list says so in the picker, with a way to ask again, instead of looking like no country at all
  const countryChoices = lookupOf(countries, (d) =>
    d.items.map((c) => ({ value: c.iso2, label: `${c.name} (${c.iso2})${c.price ? ` ${c.price}` : ''}` })),
  );

  if (guards.error) return <Alert type="error" showIcon title={describeApiError(guards.error)} />;
  if (!g) return <Spin />;

  const save = async (values: Values) => {
    setError(null);
    const body = guardsBody(mode, values, g);
    if (!Object.keys(body).length) return;
    try {
      await update({ id: companyId, body }).unwrap();
      dispatch(showToast('success', 'Guards saved'));
    } catch (failure) {
      const { fields, message } = splitServerError(failure, Object.keys(LABELS).concat('allowed_countries'));
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as never, errors })));
      setError(message ?? (Object.keys(fields).length ? null : describeApiError(failure)));
    }
  };

  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }} data-testid="company-guards">
      {g.low_balance && (
        <Alert
          type="warning"
          showIcon
          title={`The balance is below the low-balance alert of ${g.low_balance_threshold} ${g.currency}`}
        />
      )}
      <Card title="Usage against limits">
        <Descriptions column={1} size="small">
          <Descriptions.Item label={`Spent today (${g.spend.time_zone})`}>
            <span data-testid="spent-today">{`${g.spend.today} ${g.currency}`}</span>
          </Descriptions.Item>
          <Descriptions.Item label={`Spent this month (${g.spend.time_zone})`}>
            <span data-testid="spent-month">{`${g.spend.this_month} ${g.currency}`}</span>
          </Descriptions.Item>
          {/* the limits count what messages held when stored, by UTC day: they may differ from what was spent */}
          <Descriptions.Item label="Counted against the daily limit (UTC day)">
            <span data-testid="usage-today">{usage(g.spent_today, g.effective_daily_limit, g.currency)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Counted against the monthly limit (UTC month)">
            <span data-testid="usage-month">{usage(g.spent_this_month, g.effective_monthly_limit, g.currency)}</span>
          </Descriptions.Item>
          {mode === 'company' && (
            <Descriptions.Item label="Limits set by your provider">
              {`${g.daily_limit ?? 'none'} a day, ${g.monthly_limit ?? 'none'} a month`}
            </Descriptions.Item>
          )}
          <Descriptions.Item label="Allowed countries">
            <span data-testid="allowed-countries">
              {g.effective_countries ? g.effective_countries.join(', ') || 'none' : 'anywhere'}
              {!g.allowed_countries && g.reseller_default_countries ? ' (your reseller’s default)' : ''}
            </span>
          </Descriptions.Item>
          {g.min_margin !== null && <Descriptions.Item label="Margin floor">{g.min_margin}</Descriptions.Item>}
        </Descriptions>
      </Card>
      <Card title={mode === 'biller' ? 'Spend limits and destinations' : 'My limits and alert'}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 12 }} />}
        <Form form={form} layout="vertical" onFinish={save} style={{ maxWidth: 560 }}>
          {AMOUNTS[mode].map((field) => (
            <MoneyField
              key={field}
              name={field}
              label={LABELS[field]}
              currency={g.currency}
              digits={6}
              placeholder="no limit"
            />
          ))}
          {mode === 'biller' && (
            <Form.Item
              name="allowed_countries"
              label="Allowed countries (empty: the reseller’s default, or anywhere)"
              extra="Each with the company’s price to a mobile number there"
            >
              <Select mode="multiple" optionFilterProp="label" {...lookupSelectProps(countryChoices)} />
            </Form.Item>
          )}
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            Save
          </Button>
        </Form>
      </Card>
      {mode === 'company' && (
        <Card title="Countries and prices">
          <Table
            size="small"
            rowKey="iso2"
            loading={countries.isLoading}
            dataSource={countries.data?.items ?? []}
            pagination={{ pageSize: 10 }}
            columns={[
              { title: 'Country', dataIndex: 'name' },
              { title: 'Price', dataIndex: 'price', render: (p: string | null) => p ?? 'not priced' },
              {
                title: 'Sending',
                dataIndex: 'allowed',
                render: (a: boolean) => (a ? <Tag color="green">allowed</Tag> : <Tag>not allowed</Tag>),
              },
            ]}
          />
        </Card>
      )}
      <Card title="Held as suspected SMS pumping">
        <Table
          size="small"
          rowKey="hold_uuid"
          dataSource={g.pumping_holds}
          pagination={false}
          locale={{ emptyText: 'No traffic is held' }}
          columns={[
            { title: 'Numbers starting', dataIndex: 'prefix' },
            {
              title: 'Why',
              key: 'why',
              render: (_: unknown, h: PumpingHold) => (
                <span data-testid="hold-why">
                  <strong>{PUMPING_SIGNAL_WORDS[h.signal] ?? 'suspected pumping'}</strong>
                  {h.reason && h.reason !== PUMPING_SIGNAL_WORDS[h.signal] ? `: ${h.reason}` : ''}
                </span>
              ),
            },
            { title: 'Held on', dataIndex: 'held_on' },
            ...(mode === 'biller'
              ? [
                  {
                    title: '',
                    key: 'release',
                    render: (_: unknown, h: { hold_uuid: string }) => (
                      <Button
                        size="small"
                        onClick={() => void release({ hold_uuid: h.hold_uuid, company_uuid: companyId })}
                      >
                        Release
                      </Button>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Card>
    </Space>
  );
}

/** companies/guards/:id under the system admin and a reseller. */
export function CompanyGuardsPage() {
  const id = useParams().id ?? '';
  return (
    <Space orientation="vertical" size="large" style={{ width: '100%' }}>
      <CompanyGuardsPanel companyId={id} mode="biller" />
      <AutoRechargeCard companyId={id} mode="biller" />
    </Space>
  );
}
