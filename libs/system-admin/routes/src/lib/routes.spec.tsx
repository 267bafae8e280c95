import { screen } from '@testing-library/react';
import { Routes, Route } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { systemAdminModule } from './routes';

describe('System admin route table', () => {
  it('mounts under /system-admin and renders its home', () => {
    expect(systemAdminModule.basePath).toBe('/system-admin');
    const home = systemAdminModule.routes.find((r) => r.index);
    expect((home?.handle as { title?: string }).title).toBe('System admin home');
    renderWithProviders(
      <Routes>
        <Route path="/system-admin" element={home?.element} />
      </Routes>,
      { route: '/system-admin', preloadedState: { session: { token: 't', userType: null, exp: 1, email: 'x@example.com', status: 'success', error: null } } },
    );
    expect(screen.getByTestId('role-home').textContent).toContain('System admin');
    expect(screen.getByText('x@example.com')).toBeTruthy();
  });
});
