import { useEffect, useState } from 'react';
import { Alert, Button, Form, Input } from '@smsc/shared-ui/core';
import { describeApiError } from '@smsc/shared-api';
import type { AuthResponse, TwoFactorSetup } from '@smsc/shared-contract';
import {
  completeEnrolment, completeSignIn, startEnrolledSession, useAppDispatch, useAppSelector, useStartSignInEnrolmentMutation, type SecondStep,
} from '@smsc/shared-session';

interface Props {
  step: SecondStep;
  /** where to go once the session started */
  onSignedIn(landing: string): void;
  /** back to the e-mail and password form */
  onCancel(): void;
}

const codeRules = [
  { required: true, message: 'Enter the 6-digit code' },
  { pattern: /^[0-9]{6}$/, message: 'The code is 6 digits' },
];

function SessionError() {
  const { status, error } = useAppSelector((s) => s.session);
  return status === 'error' && error ? <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} role="alert" /> : null;
}

/** The second step of a sign-in: a code from the authenticator app, or one of the recovery codes. */
export function VerifyStep({ step, onSignedIn, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector((s) => s.session.status === 'loading');
  const [recovery, setRecovery] = useState(false);
  const [form] = Form.useForm<{ code: string }>();

  const onFinish = async ({ code }: { code: string }) => {
    const landing = await dispatch(completeSignIn(recovery ? { step, recovery_code: code.trim() } : { step, code: code.trim() })).unwrap().catch(() => null);
    if (landing) onSignedIn(landing);
    else form.setFieldValue('code', '');
  };
  const toggle = () => {
    setRecovery((r) => !r);
    form.resetFields();
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" style={{ fontSize: 18, marginTop: 0 }}>Two-factor sign-in</h2>
      <p>{recovery
        ? 'Enter one of the recovery codes you saved when you turned on two-factor sign-in. Each code works once.'
        : `Enter the 6-digit code from the authenticator app for ${step.email}.`}</p>
      <SessionError />
      <Form form={form} layout="vertical" onFinish={(v) => void onFinish(v)} requiredMark={false}>
        <Form.Item
          key={recovery ? 'recovery' : 'totp'}
          label={recovery ? 'Recovery code' : 'Authentication code'}
          name="code"
          rules={recovery ? [{ required: true, message: 'Enter a recovery code' }] : codeRules}
        >
          {recovery
            ? <Input autoComplete="off" autoFocus spellCheck={false} />
            : <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />}
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={loading}>Verify</Button>
      </Form>
      <p style={{ marginTop: 16, display: 'flex', justifyContent: 'space-between' }}>
        <Button type="link" style={{ padding: 0 }} onClick={toggle}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
        <Button type="link" style={{ padding: 0 }} onClick={onCancel}>Back to sign in</Button>
      </p>
    </section>
  );
}

/** The recovery codes, shown once; the caller moves on when the user says they saved them. */
export function RecoveryCodes({ codes, onDone, doneLabel }: { codes: string[]; onDone(): void; doneLabel: string }) {
  return (
    <div>
      <Alert type="warning" showIcon title="Save these recovery codes now: they are shown only once. Each one signs you in once if you lose your phone." style={{ marginBottom: 12 }} />
      <ul data-testid="recovery-codes" style={{ columns: 2, fontFamily: 'monospace', fontSize: 15, paddingLeft: 20 }}>
        {codes.map((c) => <li key={c}>{c}</li>)}
      </ul>
      <Button type="primary" onClick={onDone} autoFocus>{doneLabel}</Button>
    </div>
  );
}

/** The QR code and the key to type by hand, for any enrolment (sign-in or profile). */
export function SetupKey({ setup }: { setup: TwoFactorSetup }) {
  return (
    <div>
      <p>Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type the key by hand.</p>
      <img src={setup.qr} alt="QR code to add this account to an authenticator app" width={180} height={180} />
      <p>Key: <code data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>{setup.secret.replace(/(.{4})/g, '$1 ').trim()}</code></p>
    </div>
  );
}

/** The enrolment a sign-in requires (system admins when the server says so): QR, first code, recovery codes. */
export function EnrolStep({ step, onSignedIn, onCancel }: Props) {
  const dispatch = useAppDispatch();
  const loading = useAppSelector((s) => s.session.status === 'loading');
  const [start, setup] = useStartSignInEnrolmentMutation();
  const [done, setDone] = useState<{ landing: string; recovery_codes: string[]; answer: AuthResponse } | null>(null);

  useEffect(() => { void start({ challenge: step.challenge }); }, [start, step.challenge]);

  const onFinish = async ({ code }: { code: string }) => {
    const result = await dispatch(completeEnrolment({ step, code: code.trim() })).unwrap().catch(() => null);
    if (result) setDone(result);
  };
  const finish = async () => {
    if (!done) return;
    await dispatch(startEnrolledSession({ answer: done.answer, step }));
    onSignedIn(done.landing);
  };

  return (
    <section aria-labelledby="two-factor-title">
      <h2 id="two-factor-title" style={{ fontSize: 18, marginTop: 0 }}>Set up two-factor sign-in</h2>
      {done ? (
        <RecoveryCodes codes={done.recovery_codes} onDone={() => void finish()} doneLabel="I saved them, continue" />
      ) : (
        <>
          <p>This server requires two-factor sign-in for your account before you continue.</p>
          {setup.error ? <Alert type="error" showIcon role="alert" title={describeApiError(setup.error)} style={{ marginBottom: 16 }} /> : null}
          {setup.data ? <SetupKey setup={setup.data} /> : setup.isLoading ? <p role="status">Preparing your key…</p> : null}
          <SessionError />
          <Form layout="vertical" onFinish={(v: { code: string }) => void onFinish(v)} requiredMark={false}>
            <Form.Item label="Code from the app" name="code" rules={codeRules}>
              <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} />
            </Form.Item>
            <Button type="primary" htmlType="submit" block loading={loading} disabled={!setup.data}>Turn on and sign in</Button>
          </Form>
          <p style={{ marginTop: 16 }}><Button type="link" style={{ padding: 0 }} onClick={onCancel}>Back to sign in</Button></p>
        </>
      )}
    </section>
  );
}
