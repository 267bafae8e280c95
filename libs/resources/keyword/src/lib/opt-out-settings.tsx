import { useEffect } from 'react';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { OPT_OUT_LANGUAGE_NAMES, type OptOutLanguage, type OptOutScope } from '@smsc/shared-contract';
import { Alert, Button, Card, Form, Input, InputNumber, Radio, Select, Space, Typography } from '@smsc/shared-ui';
import { useGetOptOutSettingsQuery, useSetOptOutSettingsMutation } from './opt-outs.api';

interface Values {
  scope: OptOutScope;
  campaign_limit_percent: number;
  campaign_min_sent: number;
  countries: { iso2: string; language: OptOutLanguage }[];
}

/** The form's country rows as the API's map (ISO2 in capitals; a row without a country is dropped). */
export function countryLanguages(rows: Values['countries'] = []): Record<string, OptOutLanguage> {
  return Object.fromEntries(
    rows.filter((r) => r?.iso2?.trim() && r.language).map((r) => [r.iso2.trim().toUpperCase(), r.language]),
  );
}

export const SCOPE_LABELS: Record<OptOutScope, string> = {
  sender: 'Only the number it was texted to',
  company: 'Every number of the company',
  reseller: "Every company of our provider's account",
};

/** What a STOP blocks, and when a campaign holds itself for its opt-outs (GET/PUT /opt_out_settings). */
export function OptOutSettingsPanel() {
  const current = useGetOptOutSettingsQuery();
  const [save, saving] = useSetOptOutSettingsMutation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (current.data)
      form.setFieldsValue({
        ...current.data,
        countries: Object.entries(current.data.country_languages).map(([iso2, language]) => ({ iso2, language })),
      });
  }, [current.data, form]);

  const submit = async (v: Values) => {
    const { countries, ...rest } = v;
    await save({ ...rest, country_languages: countryLanguages(countries) }).unwrap();
    dispatch(showToast('success', 'Opt-out settings saved'));
  };
  return (
    <Card title="Opt-out scope and campaign limit" size="small" style={{ marginBottom: 16 }}>
      {current.error ? (
        <Alert
          type="warning"
          showIcon
          title="The settings could not be loaded"
          description={describeApiError(current.error)}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          disabled={current.isLoading}
          onFinish={(v) => submit(v).catch((e) => dispatch(showToast('error', describeApiError(e))))}
        >
          <Form.Item name="scope" label="A STOP blocks messages from">
            <Radio.Group>
              <Space orientation="vertical">
                {(Object.keys(SCOPE_LABELS) as OptOutScope[]).map((s) => (
                  <Radio key={s} value={s}>
                    {SCOPE_LABELS[s]}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
          </Form.Item>
          <Typography.Paragraph type="secondary">
            A running campaign holds itself when more of its recipients than this share text STOP, once it has sent at
            least the minimum. The reason shows on the campaign; run it again when you are ready.
          </Typography.Paragraph>
          <Space wrap>
            <Form.Item name="campaign_limit_percent" label="Opt-out limit (%)" rules={[{ required: true }]}>
              <InputNumber min={0.1} max={100} step={0.5} />
            </Form.Item>
            <Form.Item name="campaign_min_sent" label="After at least (messages sent)" rules={[{ required: true }]}>
              <InputNumber min={1} max={1_000_000} />
            </Form.Item>
          </Space>
          <Typography.Paragraph type="secondary">
            A number is answered in its country&apos;s language. Choose another language for a country here.
          </Typography.Paragraph>
          <Form.List name="countries">
            {(rows, { add, remove }) => (
              <>
                {rows.map((row, i) => (
                  <Space key={row.key} align="baseline">
                    <Form.Item
                      name={[row.name, 'iso2']}
                      rules={[{ pattern: /^[A-Za-z]{2}$/, message: 'Two letters, e.g. US' }]}
                    >
                      <Input aria-label={`Country ${i + 1}`} placeholder="US" style={{ width: 80 }} maxLength={2} />
                    </Form.Item>
                    <Form.Item name={[row.name, 'language']} rules={[{ required: true, message: 'Pick a language' }]}>
                      <Select
                        aria-label={`Language of country ${i + 1}`}
                        style={{ width: 160 }}
                        options={Object.entries(OPT_OUT_LANGUAGE_NAMES).map(([value, label]) => ({ value, label }))}
                      />
                    </Form.Item>
                    <Button type="link" onClick={() => remove(row.name)}>
                      Remove
                    </Button>
                  </Space>
                ))}
                <Form.Item>
                  <Button onClick={() => add({ iso2: '', language: 'es' })}>Add a country</Button>
                </Form.Item>
              </>
            )}
          </Form.List>
          <div>
            <Button type="primary" htmlType="submit" loading={saving.isLoading}>
              Save settings
            </Button>
          </div>
        </Form>
      )}
    </Card>
  );
}
