import { screen } from '@testing-library/react';
import { Routes, Route } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { companyAdminModule } from './routes';

describe('Company admin route table', () => {
  it('mounts under /company-admin and renders its home', () => {
    expect(companyAdminModule.basePath).toBe('/company-admin');
    const home = companyAdminModule.routes.find((r) => r.index);
    expect((home?.handle as { title?: string }).title).toBe('Company admin home');
    renderWithProviders(
      <Routes>
        <Route path="/company-admin" element={home?.element} />
      </Routes>,
      { route: '/company-admin', preloadedState: { session: { token: 't', userType: null, exp: 1, email: 'x@example.com', status: 'success', error: null } } },
    );
    expect(screen.getByTestId('role-home').textContent).toContain('Company admin');
    expect(screen.getByText('x@example.com')).toBeTruthy();
  });
});
