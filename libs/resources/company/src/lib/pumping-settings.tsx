import { useEffect, useState } from 'react';
import { GuardSettings, type GuardSettingsPut } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Form, InputNumber, Select, Space, Spin, Switch, splitServerError } from '@smsc/shared-ui';
import { useGetGuardSettingsQuery, useUpdateGuardSettingsMutation } from './guards.api';

type Name = keyof GuardSettings;
type Values = Partial<Record<Name, boolean | number | string[] | null>>;

/** One field of the form as the contract declares it: its kind and the bounds the server checks. */
export interface SettingField {
  name: Name;
  kind: 'switch' | 'number' | 'prefixes';
  min?: number;
  max?: number;
}

// The words beside each threshold (docs/guards.md says the same); the fields themselves come from the
// contract, so a threshold added there shows here under its name until it is given words.
const WORDS: Partial<Record<Name, { label: string; help: string; group: number }>> = {
  pumping_enabled: { label: 'Pumping check on', help: 'All three signals run at all', group: 0 },
  pumping_window_seconds: { label: 'Window (seconds)', help: 'How far back every signal looks', group: 0 },
  pumping_min_messages: { label: 'Messages to one range', help: 'Before a range can trip', group: 1 },
  pumping_range_digits: { label: 'Range digits', help: 'Trailing digits that make a range', group: 1 },
  pumping_adjacent_gap: { label: 'Adjacent gap', help: 'Numbers at most this far apart are adjacent', group: 1 },
  pumping_adjacent_percent: { label: 'Adjacent share (%)', help: 'Share of adjacent gaps that holds', group: 1 },
  pumping_destination_digits: {
    label: 'Destination digits',
    help: 'Digits after the + that name a destination',
    group: 2,
  },
  pumping_share_percent: { label: 'Premium or unusual share (%)', help: 'Share that holds', group: 2 },
  pumping_share_min_messages: { label: 'Messages before judged', help: 'A company’s messages in the window', group: 2 },
  pumping_premium_price_percent: {
    label: 'Premium price (% of median rate)',
    help: 'A part at this share of the product’s median rate is premium',
    group: 2,
  },
  pumping_premium_prefixes: {
    label: 'Premium prefixes',
    help: 'Premium whatever their price, such as +882 (type one, then Enter)',
    group: 2,
  },
  pumping_baseline_days: { label: 'History (days)', help: 'What makes a company’s usual destinations', group: 2 },
  pumping_baseline_min_messages: {
    label: 'History before unusual',
    help: 'Messages of history before a destination can be unusual',
    group: 2,
  },
  pumping_otp_min_messages: { label: 'Codes before judged', help: 'Codes to one destination', group: 3 },
  pumping_otp_confirm_percent: { label: 'Confirmed share (%)', help: 'A confirmed share under this holds', group: 3 },
  pumping_otp_grace_seconds: { label: 'Grace (seconds)', help: 'Time a code has to be used', group: 3 },
};
const GROUPS = [
  'Pumping check',
  'Bursts to sequential numbers',
  'Share of premium or unusual destinations',
  'Low conversion of one-time codes',
];

/** The form's fields in the contract's order. */
export const SETTING_FIELDS: SettingField[] = Object.entries(GuardSettings.properties).map(([name, schema]) => {
  const s = schema as { type?: string; minimum?: number; maximum?: number };
  const kind = s.type === 'boolean' ? 'switch' : s.type === 'array' ? 'prefixes' : 'number';
  return { name: name as Name, kind, min: s.minimum, max: s.maximum };
});

/** The form's values as the PUT body: the fields that changed only. */
export function settingsBody(values: Values, current: GuardSettings): GuardSettingsPut {
  const body: Record<string, unknown> = {};
  for (const f of SETTING_FIELDS) {
    const v = values[f.name];
    if (v === undefined || v === null) continue;
    const next = f.kind === 'prefixes' ? [...new Set((v as string[]).map((p) => p.trim()).filter(Boolean))] : v;
    if (JSON.stringify(next) !== JSON.stringify(current[f.name])) body[f.name] = next;
  }
  return body as GuardSettingsPut;
}

function SettingItem({ field }: { field: SettingField }) {
  const words = WORDS[field.name] ?? { label: field.name, help: '' };
  if (field.kind === 'switch')
    return (
      <Form.Item name={field.name} label={words.label} extra={words.help} valuePropName="checked">
        <Switch />
      </Form.Item>
    );
  if (field.kind === 'prefixes')
    return (
      <Form.Item name={field.name} label={words.label} extra={words.help}>
        <Select mode="tags" tokenSeparators={[',', ' ']} open={false} suffixIcon={null} />
      </Form.Item>
    );
  const bounds = `a whole number from ${field.min} to ${field.max}`;
  return (
    <Form.Item
      name={field.name}
      label={words.label}
      extra={words.help}
      rules={[
        { required: true, message: `Enter ${bounds}` },
        { type: 'integer', min: field.min, max: field.max, message: `Enter ${bounds}` },
      ]}
    >
      <InputNumber precision={0} style={{ width: 200 }} />
    </Form.Item>
  );
}

/** guards/pumping-thresholds (the system admin): the pumping check's thresholds, PUT /guards/settings. */
export function PumpingSettingsPage() {
  const dispatch = useAppDispatch();
  const settings = useGetGuardSettingsQuery();
  const [update, saving] = useUpdateGuardSettingsMutation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const current = settings.data;

  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  if (settings.error) return <Alert type="error" showIcon title={describeApiError(settings.error)} />;
  if (!current) return <Spin aria-label="Loading the thresholds" />;

  const save = async (values: Values) => {
    setError(null);
    const body = settingsBody(values, current);
    if (!Object.keys(body).length) {
      dispatch(showToast('warning', 'Nothing changed'));
      return;
    }
    try {
      await update(body).unwrap();
      dispatch(showToast('success', 'Pumping thresholds saved'));
    } catch (failure) {
      const { fields, message } = splitServerError(
        failure,
        SETTING_FIELDS.map((f) => f.name),
      );
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as Name, errors })));
      setError(message ?? (Object.keys(fields).length ? null : describeApiError(failure)));
    }
  };

  return (
    <Form form={form} layout="vertical" onFinish={save} data-testid="pumping-settings">
      <Space orientation="vertical" size="large" style={{ width: '100%', maxWidth: 720 }}>
        {error && <Alert type="error" showIcon title={error} />}
        {GROUPS.map((title, group) => (
          <Card key={title} title={title}>
            {SETTING_FIELDS.filter((f) => (WORDS[f.name]?.group ?? 0) === group).map((f) => (
              <SettingItem key={f.name} field={f} />
            ))}
          </Card>
        ))}
        <Button type="primary" htmlType="submit" loading={saving.isLoading}>
          Save
        </Button>
      </Space>
    </Form>
  );
}
