import { formatDateTime } from '@smsc/shared-util';
import { useState } from 'react';
import type { TwoFactorSetup } from '@smsc/shared-contract';
import { describeApiError, showToast } from '@smsc/shared-api';
import { useAppDispatch } from '@smsc/shared-session';
import { Alert, Button, Card, Form, Input, RecordState, Space, splitServerError } from '@smsc/shared-ui';
import {
  useDisableTwoFactorMutation,
  useEnableTwoFactorMutation,
  useGetTwoFactorQuery,
  useSetupTwoFactorMutation,
} from './two-factor.api';

const codeRules = [
  { required: true, message: 'Enter the 6-digit code' },
  { pattern: /^[0-9]{6}$/, message: 'The code is 6 digits' },
];

/** Puts the server's answer to a refused form on its fields (or in `setError` when it names none). */
function useServerErrors<T extends object>(names: string[]) {
  const [form] = Form.useForm<T>();
  const [error, setError] = useState<string | null>(null);
  const show = (failure: unknown) => {
    const { fields, message } = splitServerError(failure, names);
    form.setFields(Object.entries(fields).map(([name, errors]) => ({ name: name as never, errors })));
    setError(message ?? (Object.keys(fields).length ? null : describeApiError(failure)));
  };
  return { form, error, setError, show };
}

function Enrol({ setup, onDone }: { setup: TwoFactorSetup; onDone(): void }) {
  const dispatch = useAppDispatch();
  const [enable, enabling] = useEnableTwoFactorMutation();
  const [codes, setCodes] = useState<string[] | null>(null);
  const { form, error, setError, show } = useServerErrors<{ code: string }>(['code']);

  const submit = async ({ code }: { code: string }) => {
    setError(null);
    try {
      const out = await enable({ code: code.trim() }).unwrap();
      setCodes(out.recovery_codes);
      dispatch(showToast('success', 'Two-factor sign-in is on'));
    } catch (failure) {
      show(failure);
    }
  };

  if (codes) {
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
        <Button type="primary" onClick={onDone}>
          I saved them
        </Button>
      </div>
    );
  }
  return (
    <div>
      <p>
        Scan this QR code with an authenticator app (Google Authenticator, Microsoft Authenticator, 1Password…), or type
        the key by hand, then enter the code it shows.
      </p>
      <img src={setup.qr} alt="QR code to add this account to an authenticator app" width={180} height={180} />
      <p>
        Key:{' '}
        <code data-testid="totp-manual-key" style={{ wordBreak: 'break-all' }}>
          {setup.secret.replace(/(.{4})/g, '$1 ').trim()}
        </code>
      </p>
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} requiredMark={false}>
        <Form.Item label="Code from the app" name="code" rules={codeRules}>
          <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={enabling.isLoading}>
          Turn on
        </Button>
      </Form>
    </div>
  );
}

function TurnOff({ onCancel }: { onCancel(): void }) {
  const dispatch = useAppDispatch();
  const [disable, disabling] = useDisableTwoFactorMutation();
  const [withPassword, setWithPassword] = useState(false);
  const { form, error, setError, show } = useServerErrors<{ code?: string; password?: string }>(['code', 'password']);

  const submit = async (v: { code?: string; password?: string }) => {
    setError(null);
    try {
      await disable(withPassword ? { password: v.password } : { code: v.code?.trim() }).unwrap();
      dispatch(showToast('success', 'Two-factor sign-in is off'));
    } catch (failure) {
      show(failure);
    }
  };

  return (
    <div>
      <p>
        To turn two-factor sign-in off, confirm with {withPassword ? 'your password' : 'a current code from your app'}.
      </p>
      {error ? <Alert type="error" showIcon role="alert" title={error} style={{ marginBottom: 12 }} /> : null}
      <Form form={form} layout="inline" onFinish={(v) => void submit(v)} requiredMark={false}>
        {withPassword ? (
          <Form.Item
            key="password"
            label="Password"
            name="password"
            rules={[{ required: true, message: 'Enter your password' }]}
          >
            <Input.Password autoComplete="current-password" autoFocus />
          </Form.Item>
        ) : (
          <Form.Item key="code" label="Current code" name="code" rules={codeRules}>
            <Input autoComplete="one-time-code" inputMode="numeric" maxLength={6} autoFocus />
          </Form.Item>
        )}
        <Button danger htmlType="submit" loading={disabling.isLoading}>
          Turn off
        </Button>
        <Button
          type="link"
          onClick={() => {
            setWithPassword((p) => !p);
            form.resetFields();
          }}
        >
          {withPassword ? 'Use a code instead' : 'Use my password instead'}
        </Button>
        <Button type="link" onClick={onCancel}>
          Cancel
        </Button>
      </Form>
    </div>
  );
}

/** The profile's Two-factor section: turn TOTP sign-in on (QR, first code, recovery codes) or off. */
export function TwoFactorSection() {
  const status = useGetTwoFactorQuery();
  const [startSetup, starting] = useSetupTwoFactorMutation();
  const [setup, setSetup] = useState<TwoFactorSetup | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [setupError, setSetupError] = useState<string | null>(null);

  const begin = async () => {
    setSetupError(null);
    try {
      setSetup(await startSetup().unwrap());
    } catch (failure) {
      setSetupError(describeApiError(failure));
    }
  };

  let body;
  if (!status.data) body = <RecordState state={status} />;
  else if (setup) body = <Enrol setup={setup} onDone={() => setSetup(null)} />;
  else if (status.data.enabled) {
    body = (
      <Space orientation="vertical">
        <p style={{ margin: 0 }} data-testid="two-factor-state">
          <strong>On</strong> since {formatDateTime(status.data.enabled_on as string, { label: true })}.{' '}
          {status.data.recovery_codes_left} of 10 recovery codes left.
        </p>
        {status.data.required ? (
          <p style={{ margin: 0 }}>
            This server requires two-factor sign-in for system admins, so it cannot be turned off.
          </p>
        ) : turningOff ? (
          <TurnOff onCancel={() => setTurningOff(false)} />
        ) : (
          <Button onClick={() => setTurningOff(true)}>Turn off two-factor sign-in</Button>
        )}
      </Space>
    );
  } else {
    body = (
      <Space orientation="vertical">
        <p style={{ margin: 0 }} data-testid="two-factor-state">
          <strong>Off</strong>. With two-factor sign-in, signing in also asks for a code from an authenticator app on
          your phone.
        </p>
        {setupError ? <Alert type="error" showIcon role="alert" title={setupError} /> : null}
        <Button type="primary" onClick={() => void begin()} loading={starting.isLoading}>
          Turn on two-factor sign-in
        </Button>
      </Space>
    );
  }
  return (
    <Card title={<h2 style={{ fontSize: 16, margin: 0 }}>Two-factor sign-in</h2>} data-testid="two-factor-section">
      {body}
    </Card>
  );
}
