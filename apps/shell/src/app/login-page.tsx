import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, Button, Form, Input, PageLoading } from '@smsc/shared-ui/core';
import { PublicCard } from './public/public-card';
import { useEarlySubmit } from './public/early-submit';
import { landingFor, sessionCleared, signIn, useAppDispatch, useAppSelector, type SecondStep } from '@smsc/shared-session';

// the second step (code or enrolment, with its QR code) loads only for an account that has one
const EnrolStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.EnrolStep })));
const VerifyStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.VerifyStep })));

interface Credentials {
  email: string;
  password: string;
}

export function LoginPage() {
  const dispatch = useAppDispatch();
  const [params] = useSearchParams();
  const { token, userType, status, error } = useAppSelector((s) => s.session);
  const wanted = params.get('redirect');
  // while a sign-in from this form is under way, the thunk decides where it lands
  const [submitting, setSubmitting] = useState(false);
  const [landing, setLanding] = useState<string | null>(null);
  // a right password for an account with two-factor: the code (or the enrolment) comes next
  const [step, setStep] = useState<SecondStep | null>(null);
  const [form] = Form.useForm<Credentials>();
  useEarlySubmit(form);

  if (landing) return <Navigate to={landing} replace />;
  if (!submitting && token && userType && status === 'success') return <Navigate to={landingFor(userType, wanted)} replace />;

  const onFinish = async (values: Credentials) => {
    setSubmitting(true);
    const target = await dispatch(signIn({ ...values, wanted })).unwrap().catch(() => null);
    if (typeof target === 'string') setLanding(target);
    else if (target) setStep(target);
    else setSubmitting(false);
  };

  if (step) {
    const Step = step.two_factor === 'enrol' ? EnrolStep : VerifyStep;
    const cancel = () => {
      dispatch(sessionCleared());
      setStep(null);
      setSubmitting(false);
    };
    return (
      <PublicCard title="Sign in to SMSC Console">
        <Suspense fallback={<PageLoading />}>
          <Step step={step} onSignedIn={setLanding} onCancel={cancel} />
        </Suspense>
      </PublicCard>
    );
  }

  return (
    <PublicCard title="Sign in to SMSC Console">
      {status === 'error' && error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null}
      <Form<Credentials> form={form} layout="vertical" onFinish={(values) => void onFinish(values)} requiredMark={false}>
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
