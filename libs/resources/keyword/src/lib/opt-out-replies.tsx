import { useEffect } from 'react';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Form, Input, Typography } from '@smsc/shared-ui';
import { useGetOptOutReplyQuery, useSetOptOutReplyMutation } from './keyword.api';

interface Values {
  stop_reply: string;
  start_reply: string;
}

/**
 * The answers to the built-in STOP and START keywords, beside the company's own keywords. An empty box
 * means the platform's wording, shown as the placeholder so the admin sees what a subscriber receives.
 */
export function OptOutRepliesPanel() {
  const current = useGetOptOutReplyQuery();
  const [save, saving] = useSetOptOutReplyMutation();
  const dispatch = useAppDispatch();
  const [form] = Form.useForm<Values>();
  useEffect(() => {
    if (current.data)
      form.setFieldsValue({ stop_reply: current.data.stop_reply ?? '', start_reply: current.data.start_reply ?? '' });
  }, [current.data, form]);

  const submit = async (v: Values) => {
    await save({ stop_reply: v.stop_reply.trim() || null, start_reply: v.start_reply.trim() || null }).unwrap();
    dispatch(showToast('success', 'Opt-out replies saved'));
  };
  const rules = [{ max: 320, message: 'At most 320 characters' }];
  return (
    <Card title="STOP and START replies" size="small" style={{ marginBottom: 16 }}>
      <Typography.Paragraph type="secondary">
        A subscriber who texts STOP (or UNSUBSCRIBE, CANCEL…) to one of your numbers receives no more messages from you
        and gets this answer; START subscribes them again. Leave a box empty to send the standard wording.
      </Typography.Paragraph>
      {current.error ? (
        <Alert
          type="warning"
          showIcon
          title="The replies could not be loaded"
          description={describeApiError(current.error)}
        />
      ) : (
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => submit(v).catch(() => undefined)}
          disabled={current.isLoading}
        >
          <Form.Item name="stop_reply" label="Reply to STOP" rules={rules}>
            <Input.TextArea rows={2} placeholder={current.data?.default_stop_reply} showCount maxLength={320} />
          </Form.Item>
          <Form.Item name="start_reply" label="Reply to START" rules={rules}>
            <Input.TextArea rows={2} placeholder={current.data?.default_start_reply} showCount maxLength={320} />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving.isLoading}>
            Save replies
          </Button>
        </Form>
      )}
    </Card>
  );
}
