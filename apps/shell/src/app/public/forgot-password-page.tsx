import { Link } from 'react-router';
import { Alert, Button, Form, Input, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api';
import { useRequestPasswordResetMutation } from '@smsc/shared-session';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';

export function ForgotPasswordPage() {
  const [request, { isLoading, isSuccess, error }] = useRequestPasswordResetMutation();
  const [form] = Form.useForm<{ email: string }>();
  useEarlySubmit(form);
  if (isSuccess) {
    return (
      <PublicCard title="Check your email">
        <Result status="info" title="If an account uses that email, a reset link is on its way." subTitle="The link works once and expires in 30 minutes." extra={<Link to="/login">Back to sign in</Link>} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Reset your password">
      {error ? <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} /> : null}
      <Form<{ email: string }> form={form} layout="vertical" onFinish={(v) => void request(v)} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Enter your email' }, { type: 'email', message: 'Enter a valid email' }]}>
          <Input autoComplete="email" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>Send reset link</Button>
      </Form>
      <p style={{ marginTop: 16 }}><Link to="/login">Back to sign in</Link></p>
    </PublicCard>
  );
}
