import { Link, useParams } from 'react-router';
import { Alert, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api/core';
import { useResetPassword } from '@smsc/shared-session';
import { PublicCard } from './public-card';
import { useEarlySubmit } from './early-submit';
import { newPasswordFields } from './password-rules';
import { PublicForm, usePublicForm } from './public-form';

const FIELDS = newPasswordFields('passwd', 'New password', 'Confirm new password', 'Repeat the new password');

export function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [reset, { isLoading, isSuccess, error }] = useResetPassword();
  const form = usePublicForm(FIELDS, (v) => void reset({ token, passwd: v.passwd }));
  useEarlySubmit(form.handle);
  if (isSuccess) {
    return (
      <PublicCard title="Password changed">
        <Result status="success" title="Your password has been changed" extra={<Link to="/login">Sign in</Link>} />
      </PublicCard>
    );
  }
  return (
    <PublicCard title="Choose a new password">
      {error ? (
        <Alert type="error" showIcon role="alert" title={describeApiError(error)} style={{ marginBottom: 16 }} />
      ) : null}
      <PublicForm fields={FIELDS} form={form} submitLabel="Change password" loading={isLoading} />
    </PublicCard>
  );
}
