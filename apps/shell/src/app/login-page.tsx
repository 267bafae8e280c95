import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from '@smsc/shared-ui/core';
import { PublicCard } from './public/public-card';
import { areaOf, homeFor, signIn, takeReturnPath, useAppDispatch, useAppSelector } from '@smsc/shared-session';

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { token, userType, email, status, error } = useAppSelector((s) => s.session);
  const wanted = params.get('redirect');

  if (token && userType && status === 'success') {
    // a wanted address or a path remembered at expiry is honoured only inside the user's own area
    const candidate = wanted ?? (email ? takeReturnPath(email) : null);
    const target = candidate && areaOf(candidate)?.userType === userType ? candidate : homeFor(userType);
    return <Navigate to={target} replace />;
  }

  const onFinish = (values: Credentials) => void dispatch(signIn(values));

  return (
    <PublicCard title="Sign in to SMSC Console">
      {status === 'error' && error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<Credentials> layout="vertical" onFinish={onFinish} requiredMark={false}>
        <Form.Item label="Email" name="email" rules={[{ required: true, message: 'Enter your email' }, { type: 'email', message: 'Enter a valid email' }]}>
          <Input autoComplete="username" autoFocus />
        </Form.Item>
        <Form.Item label="Password" name="password" rules={[{ required: true, message: 'Enter your password' }]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={status === 'loading'}>Sign in</Button>
      </Form>
      <p style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/registration">Create an account</Link>
      </p>
    </PublicCard>
  );
}
