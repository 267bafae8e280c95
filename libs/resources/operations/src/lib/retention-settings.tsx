import { useEffect, useState } from 'react';
import type { RetentionSettings, RetentionSettingsPut } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Form, InputNumber, Space, Spin, Switch, splitServerError } from '@smsc/shared-ui';
import { useGetRetentionSettingsQuery, useUpdateRetentionSettingsMutation } from './retention.api';

type Values = { redact_after_days?: number | null; remove_after_days?: number | null; archive?: boolean };
const FIELDS = ['redact_after_days', 'remove_after_days', 'archive'];
const DAYS_RULES = [{ type: 'integer' as const, min: 1, max: 36500, message: 'Enter whole days from 1 to 36500' }];

/** The form's values as the PUT body: an emptied days field means never. */
export function retentionBody(values: Values): RetentionSettingsPut {
  return {
    redact_after_days: values.redact_after_days ?? null,
    remove_after_days: values.remove_after_days ?? null,
    archive: values.archive ?? true,
  };
}

const sameAs = (body: RetentionSettingsPut, current: RetentionSettings) =>
  body.redact_after_days === current.redact_after_days &&
  body.remove_after_days === current.remove_after_days &&
  body.archive === current.archive;

/** The platform's retention defaults (a company's own days are on its row in Companies). */
export function RetentionSettingsCard() {
  const dispatch = useAppDispatch();
  const settings = useGetRetentionSettingsQuery();
  const [update, saving] = useUpdateRetentionSettingsMutation();
  const [form] = Form.useForm<Values>();
  const [error, setError] = useState<string | null>(null);
  const current = settings.data;

  useEffect(() => {
    if (current) form.setFieldsValue(current);
  }, [current, form]);

  if (settings.error) return <Alert type="error" showIcon title={describeApiError(settings.error)} />;
  if (!current) return <Spin aria-label="Loading the retention settings" />;

  const save = async (values: Values) => {
    setError(null);
    const body = retentionBody(values);
    if (sameAs(body, current)) {
      dispatch(showToast('warning', 'Nothing changed'));
      return;
    }
    try {
      await update(body).unwrap();
      dispatch(showToast('success', 'Retention defaults saved'));
    } catch (failure) {
      const { fields, message } = splitServerError(failure, FIELDS);
      form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as keyof Values, errors })));
      setError(message);
    }
  };

  return (
    <Card title="Platform defaults">
      <Form form={form} layout="vertical" onFinish={save} data-testid="retention-settings" style={{ maxWidth: 520 }}>
        {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
        <Form.Item
          name="redact_after_days"
          label="Redact message bodies after (days)"
          extra="The message stays for billing, reports and the ledger; its text becomes [redacted]. Empty: never."
          rules={DAYS_RULES}
        >
          <InputNumber precision={0} placeholder="Never" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="remove_after_days"
          label="Remove messages after (days)"
          extra="Later than the redaction. Reports keep counting removed messages. Empty: never."
          rules={DAYS_RULES}
        >
          <InputNumber precision={0} placeholder="Never" style={{ width: 200 }} />
        </Form.Item>
        <Form.Item
          name="archive"
          label="Archive before removing"
          extra="Removed messages are written to a gzip CSV file first, listed below for download"
          valuePropName="checked"
        >
          <Switch />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            Save
          </Button>
          <span>
            Each company may have its own days (Companies → edit). The pass runs every{' '}
            {Math.round(current.check_seconds / 60)} min.
          </span>
        </Space>
      </Form>
    </Card>
  );
}
