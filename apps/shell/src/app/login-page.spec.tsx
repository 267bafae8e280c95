import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { LoginPage } from './login-page';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

describe('LoginPage, two-factor second step', () => {
  let api: ReturnType<typeof stubApi>;
  /** the calls so far, each as its path and JSON body */
  const bodies = () => api.calls.map((c) => ({ path: c.path, body: c.body as Record<string, string> }));
  const json = (body: unknown, status = 200) => ({ status, body });

  beforeAll(() => {
    // the server's side of the two calls: a challenge for the password, a session for a right code
    api = stubApi(({ path, body: sent }) => {
      const body = sent as Record<string, string>;
      if (path === '/auth')
        return json({ two_factor: 'verify', challenge: 'c'.repeat(43), challenge_exp: 4_000_000_000 });
      if (path === '/auth/2fa') {
        if (body.code === '246810' || body.recovery_code === 'abcde-fghjk')
          return json({ token: 'tok', user_type: 'reseller', exp: 4_000_000_000 });
        return json(
          {
            code: 'unauthenticated',
            detail: body.code ? 'The code is wrong or has expired' : 'The recovery code is wrong or was already used',
          },
          401,
        );
      }
      return json({ code: 'error', detail: 'unexpected' }, 500);
    });
  });
  afterAll(() => api.restore());
  beforeEach(() => {
    api.calls.length = 0;
    window.localStorage.clear();
  });

  const render = () =>
    renderWithProviders(
      <Routes>
        <Route path="/login" element={<LoginPage />} />
        <Route path="*" element={<Where />} />
      </Routes>,
      { route: '/login' },
    );

  async function passPassword() {
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'reseller@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'right-password' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    return screen.findByLabelText('Authentication code');
  }

  it('asks for the code after the password, shows a clear error for a wrong one, and signs in with the right one', async () => {
    const { store } = render();
    const input = await passPassword();
    // no session from the password alone
    expect(store.getState().session.token).toBeNull();
    expect(document.activeElement).toBe(input);
    fireEvent.change(input, { target: { value: '12' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect(await screen.findByText('The code is 6 digits')).toBeTruthy();
    fireEvent.change(input, { target: { value: '111111' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('The code is wrong or has expired');
    fireEvent.change(screen.getByLabelText('Authentication code'), { target: { value: '246810' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reseller'));
    expect(store.getState().session).toMatchObject({ token: 'tok', userType: 'reseller', status: 'success' });
    expect(
      bodies()
        .filter((b) => b.path === '/auth/2fa')
        .map((b) => b.body.code),
    ).toEqual(['111111', '246810']);
  }, 90_000);

  it('switches to a recovery code by a keyboard-reachable link, and back to the password form', async () => {
    render();
    await passPassword();
    const link = screen.getByRole('button', { name: 'Use a recovery code' });
    act(() => link.focus());
    expect(document.activeElement).toBe(link);
    fireEvent.click(link);
    const input = await screen.findByLabelText('Recovery code');
    fireEvent.change(input, { target: { value: 'zzzzz-zzzzz' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    expect((await screen.findByRole('alert')).textContent).toContain('recovery code is wrong or was already used');
    fireEvent.change(screen.getByLabelText('Recovery code'), { target: { value: 'abcde-fghjk' } });
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(screen.getByTestId('where').textContent).toBe('/reseller'));
    expect(bodies().at(-1)).toEqual({
      path: '/auth/2fa',
      body: { challenge: 'c'.repeat(43), recovery_code: 'abcde-fghjk' },
    });
  }, 90_000);

  it('goes back to the e-mail and password form', async () => {
    render();
    await passPassword();
    fireEvent.click(screen.getByRole('button', { name: 'Back to sign in' }));
    expect(await screen.findByLabelText('Password')).toBeTruthy();
    expect(screen.queryByLabelText('Authentication code')).toBeNull();
  }, 90_000);
});
