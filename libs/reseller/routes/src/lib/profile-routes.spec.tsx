import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import type { Home } from '@smsc/shared-contract';
import { renderWithProviders, stubApi } from '@smsc/shared-testing';
import { RoleRoutes, withLoadedAreas } from '@smsc/shared-ui/frame';
import { resellerModule } from './routes';

const home: Home = {
  user: {
    uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae7',
    email: 'reseller@example.com',
    full_name: 'Reseller',
    user_type: 'reseller',
    is_active: true,
    is_admin: false,
    company_uuid: null,
    company_name: null,
    reseller_uuid: '7c9e6679-7425-40de-944b-e07fc1f90ae8',
    created_on: '2026-01-01T00:00:00Z',
  },
  company: null,
};

describe('the reseller profile', () => {
  jest.setTimeout(300_000);
  let api: ReturnType<typeof stubApi>;
  beforeAll(() => {
    api = stubApi(({ path }) =>
      path === '/home' ? { body: home } : { status: 404, body: { code: 'error', detail: 'not found' } },
    );
  });
  afterAll(() => api.restore());

  it('changes its own password with the fields the server asks for, beside the two-factor sign-in', async () => {
    const loaded = await withLoadedAreas(resellerModule);
    renderWithProviders(
      <Routes>
        <Route path="/reseller/*" element={<RoleRoutes module={loaded} />} />
      </Routes>,
      { route: '/reseller/profile' },
    );
    expect(await screen.findByLabelText('New password', undefined, { timeout: 60_000 })).toBeTruthy();
    expect(screen.getByLabelText('Repeat new password')).toBeTruthy();
    expect(screen.getByLabelText('Current password')).toBeTruthy();
  });
});
