import { screen } from '@testing-library/react';
import { Routes, Route } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { companyUserModule } from './routes';

describe('Company user route table', () => {
  it('mounts under /company-user and renders its home', () => {
    expect(companyUserModule.basePath).toBe('/company-user');
    const home = companyUserModule.routes.find((r) => r.index);
    expect((home?.handle as { title?: string }).title).toBe('Company user home');
    renderWithProviders(
      <Routes>
        <Route path="/company-user" element={home?.element} />
      </Routes>,
      { route: '/company-user', preloadedState: { session: { token: 't', userType: null, exp: 1, email: 'x@example.com', status: 'success', error: null } } },
    );
    expect(screen.getByTestId('role-home').textContent).toContain('Company user');
    expect(screen.getByText('x@example.com')).toBeTruthy();
  });
});
