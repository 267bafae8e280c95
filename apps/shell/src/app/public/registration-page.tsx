import { Link } from 'react-router';
import { Alert, Button, Form, Input, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api';
import { useRegisterMutation } from '@smsc/shared-session';
import type { RegistrationRequest } from '@smsc/shared-contract';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';
import { passwordRules, sameAs } from './password-rules';

type Values = RegistrationRequest & { confirm: string };

export function RegistrationPage() {
  const [register, { isLoading, isSuccess, error }] = useRegisterMutation();
  const [form] = Form.useForm<Values>();
  useEarlySubmit(form);
  const onFinish = ({ confirm: _confirm, ...body }: Values) => void register(body);
  if (isSuccess) {
    return (
      <PublicCard title="Check your email">
        <Result status="success" title="Almost there" subTitle="We sent a confirmation link to your email. Open it to activate your account." extra={<Link to="/login">Back to sign in</Link>} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Create your account">
      {error ? <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} /> : null}
      <Form<Values> form={form} layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Full name" name="full_name" rules={[{ required: true, whitespace: true, message: 'Enter your name' }]}>
          <Input autoComplete="name" maxLength={200} />
        </Form.Item>
        <Form.Item label="Company name" name="company_name" rules={[{ required: true, whitespace: true, message: 'Enter your company name' }]}>
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Enter your email' }, { type: 'email', message: 'Enter a valid email' }]}>
          <Input autoComplete="email" maxLength={254} />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={passwordRules} hasFeedback>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm password"
          name="confirm"
          dependencies={['password']}
          rules={sameAs('password', 'Repeat your password')}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={isLoading}>Create account</Button>
      </Form>
      <p style={{ marginTop: 16 }}>Already registered? <Link to="/login" style={{ textDecoration: 'underline' }}>Sign in</Link></p>
    </PublicCard>
  );
}
