import { screen } from '@testing-library/react';
import { Route, Routes, useLocation } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { ROLE_AREAS, type SessionState } from '@smsc/shared-session';
import { RequireArea } from './require-area';

function Where() {
  const l = useLocation();
  return <p data-testid="where">{`${l.pathname}${l.search}`}</p>;
}

const session = (over: Partial<SessionState>): SessionState => ({
  token: null,
  userType: null,
  exp: null,
  email: null,
  status: 'idle',
  error: null,
  ...over,
});

function renderAt(route: string, s: SessionState) {
  const reseller = ROLE_AREAS.find((a) => a.userType === 'reseller')!;
  return renderWithProviders(
    <Routes>
      <Route
        path="/reseller/*"
        element={
          <RequireArea area={reseller}>
            <p>reseller area</p>
          </RequireArea>
        }
      />
      <Route path="*" element={<Where />} />
    </Routes>,
    { route, preloadedState: { session: s } },
  );
}

describe('RequireArea', () => {
  it('sends a signed-out user to /login with the wanted address', () => {
    renderAt('/reseller/users?page=2', session({}));
    expect(screen.getByTestId('where').textContent).toBe('/login?redirect=%2Freseller%2Fusers%3Fpage%3D2');
  });
  it("sends another type's user to their own home", () => {
    renderAt('/reseller', session({ token: 't', userType: 'company_admin', status: 'success' }));
    expect(screen.getByTestId('where').textContent).toBe('/company-admin');
  });
  it('waits while a stored token is being checked', () => {
    renderAt('/reseller', session({ token: 't', userType: 'reseller', status: 'loading' }));
    expect(screen.getByRole('status').textContent).toContain('Checking your session');
  });
  it('lets the right user in', () => {
    renderAt('/reseller', session({ token: 't', userType: 'reseller', status: 'success' }));
    expect(screen.getByText('reseller area')).toBeTruthy();
  });
});
