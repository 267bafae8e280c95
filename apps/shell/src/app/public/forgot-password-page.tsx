import { Link } from 'react-router';
import { Alert, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api/core';
import { useRequestPasswordReset } from '@smsc/shared-session';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';
import { email, PublicForm, required, usePublicForm, type FieldSpec } from './public-form';

const FIELDS: FieldSpec[] = [
  {
    name: 'email',
    label: 'Email',
    autoComplete: 'email',
    checks: [required('Enter your email'), email('Enter a valid email')],
  },
];

export function ForgotPasswordPage() {
  const [request, { isLoading, isSuccess, error }] = useRequestPasswordReset();
  const form = usePublicForm(FIELDS, (v) => void request({ email: v.email }));
  useEarlySubmit(form.handle);
  if (isSuccess) {
    return (
      <PublicCard title="Check your email">
        <Result
          status="info"
          title="If an account uses that email, a reset link is on its way."
          subTitle="The link works once and expires in 30 minutes."
          extra={<Link to="/login">Back to sign in</Link>}
        />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Reset your password">
      {error ? (
        <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <PublicForm fields={FIELDS} form={form} submitLabel="Send reset link" loading={isLoading} />
      <p style={{ marginTop: 16 }}>
        <Link to="/login">Back to sign in</Link>
      </p>
    </PublicCard>
  );
}
