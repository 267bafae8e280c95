import { useEffect, useState } from 'react';
import { Alert, Button } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api/core';
import type { AuthResponse, TwoFactorSetup } from '@smsc/shared-contract';
import {
  completeEnrolment,
  completeSignIn,
  startEnrolledSession,
  useAppDispatch,
  useAppSelector,
  useStartSignInEnrolment,
  type SecondStep,
} from '@smsc/shared-session';
import { matches, PublicForm, required, usePublicForm, type FieldSpec } from './public/public-form';

interface Props {
  step: SecondStep;
  /** where to go once the session started */
  onSignedIn(landing: string): void;
  /** back to the e-mail and password form */
  onCancel(): void;
}

const appCode = [required('Enter the 6-digit code'), matches(/^[0-9]{6}$/, 'The code is 6 digits')];
const TOTP: FieldSpec[] = [
  {
    name: 'code',
    label: 'Authentication code',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    maxLength: 6,
    autoFocus: true,
    checks: appCode,
  },
];
const RECOVERY: FieldSpec[] = [
  {
    name: 'code',
    label: 'Recovery code',
    autoComplete: 'off',
    autoFocus: true,
    spellCheck: false,
    checks: [required('Enter a recovery code')],
  },
];
const ENROL: FieldSpec[] = [
  {
    name: 'code',
    label: 'Code from the app',
    autoComplete: 'one-time-code',
    inputMode: 'numeric',
    maxLength: 6,
    checks: appCode,
  },
];

/** One code field and its button; `onCode` answers whether the code was taken (a wrong one is cleared). */
function CodeForm({
  fields,
  submitLabel,
  loading,
  disabled,
  onCode,
}: {
  fields: FieldSpec[];
  submitLabel: string;
  loading: boolean;
  disabled?: boolean;
  onCode(code: string): Promise<boolean>;
}) {
  const form = usePublicForm(fields, (v) => {
    void onCode(v.code.trim()).then((taken) => {
      if (!taken) form.handle.clear('code');
    });
  });
  return <PublicForm fields={fields} form={form} submitLabel={submitLabel} loading={loading} disabled={disabled} />;
}

function SessionError() {
  const { status, error } = useAppSelector((s) => s.session);
  return status === 'error' && error ? (
    <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" />
  ) : null;
}

/** The second step of a sign-in: a code from the authenticator app, or one of the recovery codes. */
export function VerifyStep({ step, onSignedIn, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector((s) => s.session.status === 'loading');
  const [recovery, setRecovery] = useState(false);
  const onCode = async (code: string) => {
    const landing = await dispatch(completeSignIn(recovery ? { step, recovery_code: code } : { step, code }))
      .unwrap()
      .catch(() => null);
    if (landing) onSignedIn(landing);
    return landing !== null;
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" style={{ fontSize: 18, marginTop: 0 }}>
        Two-factor sign-in
      </h2>
      <p>
        {recovery
          ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
          : `Enter the 6-digit code from the authenticator app for ${step.email}.`}
      </p>
      <SessionError />
      {/* keyed by mode: the other kind of code starts from an empty field */}
      <CodeForm
        key={recovery ? 'recovery' : 'totp'}
        fields={recovery ? RECOVERY : TOTP}
        submitLabel="Verify"
        loading={loading}
        onCode={onCode}
      />
      <p style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        <Button type="link" style={{ padding: 0 }} onClick={() => setRecovery((r) => !r)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onCancel}>
          Back to sign in
        </Button>
      </p>
    </section>
  );
}

/** The recovery codes, shown once; the caller moves on when the user says they saved them. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  return (
    <div>
      <Alert
        type="warning"
        showIcon
        title="Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone."
        style={{ marginBottom: 12 }}
      />
      <ul data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingLeft: 20 }}>
        {codes.map((c) => (
          <li key={c}>{c}</li>
        ))}
      </ul>
      <Button type="primary" onClick={onDone} autoFocus>
        {doneLabel}
      </Button>
    </div>
  );
}

/** The QR code and the key to type by hand, for any enrolment (sign-in or profile). */
export function SetupKey({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div>
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type
        the key by hand.
      </p>
      <img src={setup.qr} alt="QR code to add this account to an authenticator app" width={180} height={180} />
      <p>
        Key:{' '}
        <code data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
    </div>
  );
}

/** The enrolment a sign-in requires (system admins when the server says so): QR, first code, recovery codes. */
export function EnrolStep({ step, onSignedIn, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector((s) => s.session.status === 'loading');
  const [start, setup] = useStartSignInEnrolment();
  const [done, setDone] = useState<{ landing: string; recovery_codes: string[]; answer: AuthResponse } | null>(null);

  useEffect(() => {
    void start({ challenge: step.challenge });
  }, [start, step.challenge]);

  const onCode = async (code: string) => {
    const result = await dispatch(completeEnrolment({ step, code }))
      .unwrap()
      .catch(() => null);
    if (result) setDone(result);
    return result !== null;
  };
  const finish = async () => {
    if (!done) return;
    await dispatch(startEnrolledSession({ answer: done.answer, step }));
    onSignedIn(done.landing);
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" style={{ fontSize: 18, marginTop: 0 }}>
        Set up two-factor sign-in
      </h2>
      {done ? (
        <RecoveryCodes codes={done.recovery_codes} onDone={() => void finish()} doneLabel="I saved them, continue" />
      ) : (
        <>
          <p>This server requires two-factor sign-in for your account before you continue.</p>
          {setup.error ? (
            <Alert
              type="error"
              showIcon
              role="alert"
              title={describeApiError(setup.error)}
              style={{ marginBottom: 16 }}
            />
          ) : null}
          {setup.data ? (
            <SetupKey setup={setup.data} />
          ) : setup.isLoading ? (
            <p role="status">Preparing your key…</p>
          ) : null}
          <SessionError />
          <CodeForm
            fields={ENROL}
            submitLabel="Turn on and sign in"
            loading={loading}
            disabled={!setup.data}
            onCode={onCode}
          />
          <p style={{ marginTop: 16 }}>
            <Button type="link" style={{ padding: 0 }} onClick={onCancel}>
              Back to sign in
            </Button>
          </p>
        </>
      )}
    </section>
  );
}
