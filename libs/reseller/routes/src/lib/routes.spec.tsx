import { screen } from '@testing-library/react';
import { Routes, Route } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { resellerModule } from './routes';

describe('Reseller route table', () => {
  it('mounts under /reseller and renders its home', () => {
    expect(resellerModule.basePath).toBe('/reseller');
    const home = resellerModule.routes.find((r) => r.index);
    expect((home?.handle as { title?: string }).title).toBe('Reseller home');
    renderWithProviders(
      <Routes>
        <Route path="/reseller" element={home?.element} />
      </Routes>,
      { route: '/reseller', preloadedState: { session: { token: 't', userType: null, exp: 1, email: 'x@example.com', status: 'success', error: null } } },
    );
    expect(screen.getByTestId('role-home').textContent).toContain('Reseller');
    expect(screen.getByText('x@example.com')).toBeTruthy();
  });
});
