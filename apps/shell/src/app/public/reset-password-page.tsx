import { Link, useParams } from 'react-router';
import { Alert, Button, Form, Input, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api';
import { useResetPasswordMutation } from '@smsc/shared-session';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';
import { passwordRules, sameAs } from './password-rules';

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [reset, { isLoading, isSuccess, error }] = useResetPasswordMutation();
  const [form] = Form.useForm<{ passwd: string; confirm: string }>();
  useEarlySubmit(form);
  if (isSuccess) {
    return (
      <PublicCard title="Password changed">
        <Result status="success" title="Your password has been changed" extra={<Link to="/login">Sign in</Link>} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Choose a new password">
      {error ? <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} /> : null}
      <Form<{ passwd: string; confirm: string }> form={form} layout="vertical" onFinish={(v) => void reset({ token, passwd: v.passwd })} requiredMark={false}>
        <Form.Item label="New password" name="passwd" rules={passwordRules} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm new password"
          name="confirm"
          dependencies={['passwd']}
          rules={sameAs('passwd', 'Repeat the new password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>Change password</Button>
      </Form>
    </PublicCard>
  );
}
