import { lazy, Suspense, useState } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { Alert, PageLoading, useConsoleBrand } from '@smsc/shared-ui/core';
import { PublicCard } from './public/public-card';
import { useEarlySubmit } from './public/early-submit';
import { email, PublicForm, required, usePublicForm, type FieldSpec } from './public/public-form';
import {
  landingFor,
  sessionCleared,
  signIn,
  useAppDispatch,
  useAppSelector,
  type SecondStep,
} from '@smsc/shared-session';

// the second step (code or enrolment, with its QR code) loads only for an account that has one
const EnrolStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.EnrolStep })));
const VerifyStep = lazy(() => import('./two-factor-step').then((m) => ({ default: m.VerifyStep })));

const FIELDS: FieldSpec[] = [
  {
    name: 'email',
    label: 'Email',
    autoComplete: 'username',
    autoFocus: true,
    checks: [required('Enter your email'), email('Enter a valid email')],
  },
  {
    name: 'password',
    label: 'Password',
    password: true,
    autoComplete: 'current-password',
    checks: [required('Enter your password')],
  },
];

export function LoginPage() {
  const dispatch = useAppDispatch();
  const brand = useConsoleBrand();
  const [params] = useSearchParams();
  const { token, userType, status, error } = useAppSelector((s) => s.session);
  const wanted = params.get('redirect');
  // while a sign-in from this form is under way, the thunk decides where it lands
  const [submitting, setSubmitting] = useState(false);
  const [landing, setLanding] = useState<string | null>(null);
  // a right password for an account with two-factor: the code (or the enrolment) comes next
  const [step, setStep] = useState<SecondStep | null>(null);
  const form = usePublicForm(FIELDS, (values) => void onFinish(values));
  useEarlySubmit(form.handle);

  if (landing) return <Navigate to={landing} replace />;
  if (!submitting && token && userType && status === 'success')
    return <Navigate to={landingFor(userType, wanted)} replace />;

  async function onFinish(values: Record<string, string>) {
    setSubmitting(true);
    const target = await dispatch(signIn({ email: values.email, password: values.password, wanted }))
      .unwrap()
      .catch(() => null);
    if (typeof target === 'string') setLanding(target);
    else if (target) setStep(target);
    else setSubmitting(false);
  }

  if (step) {
    const Step = step.two_factor === 'enrol' ? EnrolStep : VerifyStep;
    const cancel = () => {
      dispatch(sessionCleared());
      setStep(null);
      setSubmitting(false);
    };
    return (
      <PublicCard title={`Sign in to ${brand.name}`}>
        <Suspense fallback={<PageLoading />}>
          <Step step={step} onSignedIn={setLanding} onCancel={cancel} />
        </Suspense>
      </PublicCard>
    );
  }

  return (
    <PublicCard title={`Sign in to ${brand.name}`}>
      {status === 'error' && error ? (
        <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
      ) : null}
      <PublicForm fields={FIELDS} form={form} submitLabel="Sign in" loading={status === 'loading'} />
      <p style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        <Link to="/forgot-password">Forgot password?</Link>
        <Link to="/registration">Create an account</Link>
      </p>
    </PublicCard>
  );
}
