import { fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import type { TwoFactorStatus } from '@smsc/shared-contract';
import { TwoFactorSection } from './two-factor-section';

const SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';
const CODES = Array.from({ length: 10 }, (_, i) => `abcd${i}-efgh${i}`);

describe('TwoFactorSection', () => {
  let state: TwoFactorStatus;
  let api: ReturnType<typeof stubApi>;

  beforeAll(() => {
    // the server's side: the status, a set-up, and enable/disable checking the code like the server would
    api = stubApi(({ path, body: sent }) => {
      const body = (sent ?? {}) as Record<string, string>;
      if (path === '/auth/2fa') return { body: state };
      if (path === '/auth/2fa/setup')
        return {
          body: {
            secret: SECRET,
            otpauth_url: `otpauth://totp/x?secret=${SECRET}`,
            qr: 'data:image/svg+xml;base64,PHN2Zy8+',
          },
        };
      if (path === '/auth/2fa/enable') {
        if (body.code !== '135790')
          return {
            status: 400,
            body: { errors: [{ field: 'code', code: 'invalid', detail: 'The code is wrong or has expired' }] },
          };
        state = { enabled: true, enabled_on: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10, required: false };
        return { body: { recovery_codes: CODES } };
      }
      if (path === '/auth/2fa/disable') {
        if (body.password !== 'my-password')
          return {
            status: 400,
            body: { errors: [{ field: 'password', code: 'invalid', detail: 'The password is wrong' }] },
          };
        state = { enabled: false, enabled_on: null, recovery_codes_left: 0, required: false };
        return { body: { message: 'Two-factor sign-in is off' } };
      }
      return { status: 500, body: { code: 'error', detail: 'unexpected' } };
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    api.calls.length = 0;
  });

  it('turns on: QR and manual key, a wrong code named on its field, then the recovery codes once', async () => {
    state = { enabled: false, enabled_on: null, recovery_codes_left: 0, required: false };
    const { store } = renderWithProviders(<TwoFactorSection />);
    expect((await screen.findByTestId('two-factor-state')).textContent).toContain('Off');
    fireEvent.click(screen.getByRole('button', { name: 'Turn on two-factor sign-in' }));
    expect((await screen.findByTestId('totp-manual-key')).textContent).toBe('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP');
    expect(screen.getByRole('img', { name: /QR code/ }).getAttribute('src')).toMatch(/^data:image\/svg\+xml/);
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    expect(await screen.findByText('The code is wrong or has expired')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Code from the app'), { target: { value: '135790' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn on' }));
    const list = await screen.findByTestId('recovery-codes');
    expect(Array.from(list.querySelectorAll('li')).map((li) => li.textContent)).toEqual(CODES);
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Two-factor sign-in is on' });
    fireEvent.click(screen.getByRole('button', { name: 'I saved them' }));
    await waitFor(() =>
      expect(screen.getByTestId('two-factor-state').textContent).toContain('10 of 10 recovery codes left'),
    );
    // the codes and the key are gone from the page
    expect(screen.queryByTestId('recovery-codes')).toBeNull();
    expect(document.body.textContent).not.toContain('JBSW Y3DP');
  }, 90_000);

  it('turns off with the password, showing a wrong password on its field', async () => {
    state = { enabled: true, enabled_on: '2026-11-25T10:00:00.000Z', recovery_codes_left: 7, required: false };
    const { store } = renderWithProviders(<TwoFactorSection />);
    expect((await screen.findByTestId('two-factor-state')).textContent).toContain('7 of 10 recovery codes left');
    fireEvent.click(screen.getByRole('button', { name: 'Turn off two-factor sign-in' }));
    expect(screen.getByLabelText('Current code')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Use my password instead' }));
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'nope' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('The password is wrong')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'my-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    await waitFor(() => expect(screen.getByTestId('two-factor-state').textContent).toContain('Off'));
    expect(store.getState().toast.current).toMatchObject({ kind: 'success', text: 'Two-factor sign-in is off' });
    expect(
      api.calls.filter((c) => c.path === '/auth/2fa/disable').map((c) => ({ method: c.method, body: c.body })),
    ).toEqual([
      { method: 'POST', body: { password: 'nope' } },
      { method: 'POST', body: { password: 'my-password' } },
    ]);
  }, 90_000);

  it('offers no way off when the server requires it', async () => {
    state = { enabled: true, enabled_on: '2026-11-25T10:00:00.000Z', recovery_codes_left: 10, required: true };
    renderWithProviders(<TwoFactorSection />);
    expect(await screen.findByText(/cannot be turned off/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off two-factor sign-in' })).toBeNull();
  }, 90_000);
});
