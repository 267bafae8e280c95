import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { PageLoading, Result } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api/core';
import { useConfirmRegistration } from '@smsc/shared-session';
import { PublicCard } from './public-card';

export function ConfirmRegistrationPage() {
  const { token = '' } = useParams();
  const [confirm, { isSuccess, error, isUninitialized }] = useConfirmRegistration();
  useEffect(() => {
    if (token) void confirm(token);
  }, [token, confirm]);
  return (
    <PublicCard title="Confirm your account">
      {isSuccess ? (
        <Result status="success" title="Your account is active" extra={<Link to="/login">Sign in</Link>} />
      ) : error ? (
        <Result
          status="error"
          title="This confirmation link cannot be used"
          subTitle={describeApiError(error)}
          extra={<Link to="/registration">Register again</Link>}
        />
      ) : isUninitialized && !token ? (
        <Result status="error" title="The confirmation link is incomplete" />
      ) : (
        <PageLoading label="Confirming…" />
      )}
    </PublicCard>
  );
}
