import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Button, Card, Flex, Form, Input, Radio, Spin, Tag, Typography } from '@smsc/shared-ui';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import type { MailPreview, MailTemplateBody, MailTemplateKind } from '@smsc/shared-contract';
import {
  usePreviewMailTemplateMutation,
  useListMailTemplatesQuery,
  useResetMailTemplateMutation,
  useSaveMailTemplateMutation,
} from './mail-template.api';

export const KIND_LABELS: Record<MailTemplateKind, string> = {
  registration: 'Registration',
  password_reset: 'Password reset',
  low_balance: 'Low balance',
  invoice: 'Invoice',
  price_notice: 'Price notice',
  template_review: 'SMS template approved or rejected',
};

/**
 * Spec §2 /reseller/mail-template: the reseller's wording of its companies' mails, with the
 * placeholders each may use, a preview filled with sample values, and a way back to the default.
 * Several kinds share one page through a picker kept in the address (?kind=).
 */
export function MailTemplateEditor({ kinds }: { kinds: MailTemplateKind[] }) {
  const dispatch = useAppDispatch();
  const [params, setParams] = useSearchParams();
  const asked = params.get('kind') as MailTemplateKind | null;
  const kind = asked && kinds.includes(asked) ? asked : kinds[0];
  const list = useListMailTemplatesQuery();
  const [save, saving] = useSaveMailTemplateMutation();
  const [reset, resetting] = useResetMailTemplateMutation();
  const [preview, previewing] = usePreviewMailTemplateMutation();
  const [shown, setShown] = useState<MailPreview | null>(null);
  const [form] = Form.useForm<MailTemplateBody>();
  const current = list.data?.find((t) => t.kind === kind);

  // the stored wording fills the form when it arrives or another mail is picked
  useEffect(() => {
    if (current) form.setFieldsValue({ subject: current.subject, body: current.body });
    setShown(null);
  }, [current, form]);

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      dispatch(showToast('success', done));
    } catch (e) {
      // the typed wording stays in the form: only the message is new
      dispatch(showToast('error', describeApiError(e)));
    }
  };

  if (list.isLoading) return <Spin aria-label="Loading mail templates" />;
  if (list.error || !current) return <Alert type="error" showIcon role="alert" title={describeApiError(list.error)} />;

  return (
    <Flex vertical gap={16} style={{ maxWidth: 760 }}>
      {kinds.length > 1 && (
        <Radio.Group
          aria-label="Mail"
          optionType="button"
          value={kind}
          options={kinds.map((k) => ({ label: KIND_LABELS[k], value: k }))}
          onChange={(e) => setParams({ kind: e.target.value as string }, { replace: true })}
        />
      )}
      <Flex gap={8} align="center" wrap>
        <Typography.Text strong>{KIND_LABELS[kind]} mail</Typography.Text>
        {current.is_default ? (
          <Tag>Default template</Tag>
        ) : (
          <Tag color="blue">
            Your wording{current.updated_on ? `, saved ${current.updated_on.slice(0, 16).replace('T', ' ')}` : ''}
          </Tag>
        )}
      </Flex>
      <Typography.Text type="secondary">
        Placeholders: {current.placeholders.map((p) => `{{${p}}}`).join(', ')}
      </Typography.Text>
      <Form<MailTemplateBody>
        form={form}
        layout="vertical"
        onFinish={(body) => run(() => save({ kind, body }).unwrap(), 'Mail template saved')}
      >
        <Form.Item
          name="subject"
          label="Subject"
          rules={[{ required: true, whitespace: true, message: 'Enter a subject' }, { max: 200 }]}
        >
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item
          name="body"
          label="Text"
          rules={[{ required: true, whitespace: true, message: 'Enter the text' }, { max: 5000 }]}
        >
          <Input.TextArea rows={8} maxLength={5000} showCount />
        </Form.Item>
        <Flex gap={8} wrap>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            Save
          </Button>
          <Button
            loading={previewing.isLoading}
            onClick={async () => {
              const body = await form.validateFields().catch(() => null);
              if (!body) return;
              try {
                setShown(await preview({ kind, body }).unwrap());
              } catch (e) {
                dispatch(showToast('error', describeApiError(e)));
              }
            }}
          >
            Preview
          </Button>
          <Button
            disabled={current.is_default}
            loading={resetting.isLoading}
            onClick={() => run(() => reset(kind).unwrap(), 'Default template restored')}
          >
            Use default template
          </Button>
        </Flex>
      </Form>
      {shown && (
        <Card size="small" title="Preview" role="region" aria-label="Preview">
          <Typography.Paragraph strong>{shown.subject}</Typography.Paragraph>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>{shown.body}</Typography.Paragraph>
        </Card>
      )}
    </Flex>
  );
}
