import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input } from '@smsc/shared-ui';
import { PublicCard } from './public/public-card';
import { areaOf, homeFor, signIn, takeReturnPath, useAppDispatch, useAppSelector, useAppStore } from '@smsc/shared-session';

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const store = useAppStore();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { token, userType, status, error } = useAppSelector((s) => s.session);
  const wanted = params.get('redirect');

  if (token && userType && status === 'success') return <Navigate to={homeFor(userType)} replace />;

  const onFinish = async (values: Credentials) => {
    const ok = await dispatch(signIn(values)).unwrap();
    if (!ok) return;
    const { userType: type, email } = store.getState().session;
    const home = homeFor(type);
    // a wanted address or a path remembered at expiry is honoured only inside the user's own area
    const candidate = wanted ?? (email ? takeReturnPath(email) : null);
    const target = candidate && areaOf(candidate)?.userType === type ? candidate : home;
    navigate(target, { replace: true });
  };

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
