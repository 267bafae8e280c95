import { Link } from 'react-router';
import { Alert, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api/core';
import { useRegistration } from '@smsc/shared-session';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';
import { newPasswordFields } from './password-rules';
import { email, PublicForm, required, usePublicForm, type FieldSpec } from './public-form';

const FIELDS: FieldSpec[] = [
  {
    name: 'full_name',
    label: 'Full name',
    autoComplete: 'name',
    maxLength: 200,
    checks: [required('Enter your name')],
  },
  {
    name: 'company_name',
    label: 'Company name',
    autoComplete: 'organization',
    maxLength: 200,
    checks: [required('Enter your company name')],
  },
  {
    name: 'email',
    label: 'Email',
    autoComplete: 'email',
    maxLength: 254,
    checks: [required('Enter your email'), email('Enter a valid email')],
  },
  ...newPasswordFields('password', 'Password', 'Confirm password', 'Repeat your password'),
];

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A reseller's sign-up link (`/registration?reseller=<id>`, shown on its Sign-up plan page) signs up with it. */
export function resellerOfLink(search: string): string | undefined {
  const id = new URLSearchParams(search).get('reseller');
  return id && UUID.test(id) ? id : undefined;
}

export function RegistrationPage() {
  const [register, { isLoading, isSuccess, error }] = useRegistration();
  const form = usePublicForm(
    FIELDS,
    (v) =>
      void register({
        full_name: v.full_name,
        company_name: v.company_name,
        email: v.email,
        password: v.password,
        // read when sent, not when rendered: the page is prerendered without the address's query
        reseller_uuid: resellerOfLink(window.location.search),
      }),
  );
  useEarlySubmit(form.handle);
  if (isSuccess) {
    return (
      <PublicCard title="Check your email">
        <Result
          status="success"
          title="Almost there"
          subTitle="We sent a confirmation link to your email. Open it to activate your account."
          extra={<Link to="/login">Back to sign in</Link>}
        />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Create your account">
      {error ? (
        <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <PublicForm fields={FIELDS} form={form} submitLabel="Create account" loading={isLoading} />
      <p style={{ marginTop: 16 }}>
        Already registered?{' '}
        <Link to="/login" style={{ textDecoration: 'underline' }}>
          Sign in
        </Link>
      </p>
    </PublicCard>
  );
}
