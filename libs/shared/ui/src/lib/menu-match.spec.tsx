import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { groupKey, matchMenu } from './menu-match';
import { RoleRoutes } from './role-routes';
import type { MenuEntry, RoleModule } from './role-module';

const menu: MenuEntry[] = [
  { path: '', label: 'Dashboard', also: ['daily-usage'] },
  { path: 'users', label: 'Users' },
  { path: 'reporting', label: 'Reporting', children: [{ path: 'reporting/number', label: 'Number report' }] },
  { path: 'admin-user-management', label: 'Admin users', also: ['admins'] },
];

describe('matchMenu', () => {
  it.each([
    ['/x', 'Dashboard', '/x', []],
    ['/x/', 'Dashboard', '/x', []],
    ['/x/daily-usage', 'Dashboard', '/x', []],
    ['/x/users/edit/7', 'Users', '/x/users', []],
    ['/x/reporting/number', 'Number report', '/x/reporting/number', [groupKey('/x/reporting')]],
    ['/x/admins/add-admin', 'Admin users', '/x/admin-user-management', []],
  ])('%s selects %s', (pathname, label, key, parents) => {
    expect(matchMenu(menu, '/x', pathname)).toEqual({ entry: expect.objectContaining({ label }), key, parents });
  });

  it('matches nothing outside the entries (the home entry is not a prefix of everything)', () => {
    expect(matchMenu(menu, '/x', '/x/unknown')).toBeUndefined();
    expect(matchMenu(menu, '/x', '/x/usersx')).toBeUndefined();
    expect(matchMenu(menu, '/x', '/x/reporting')).toBeUndefined();
  });
});

describe('RoleRoutes fallback', () => {
  const module: RoleModule = {
    basePath: '/x',
    title: 'X',
    menu,
    routes: [{ path: 'users', element: <p>users list</p>, handle: { title: 'Users' } }],
  };
  const renderAt = (route: string, onTitle = jest.fn()) => {
    renderWithProviders(
      <Routes>
        <Route path="/x/*" element={<RoleRoutes module={module} onTitle={onTitle} />} />
      </Routes>,
      { route },
    );
    return onTitle;
  };

  it('says an unbuilt menu area is not available yet, titled by its entry', async () => {
    const onTitle = renderAt('/x/reporting/number');
    expect((await screen.findByTestId('not-available')).textContent).toBe('Number report is not available yet');
    expect(onTitle).toHaveBeenLastCalledWith('Number report');
  });

  it('keeps No Data Found for unknown paths, also inside a built area', async () => {
    renderAt('/x/nowhere');
    expect(await screen.findByText('No Data Found')).toBeTruthy();
    // told, not silently sent elsewhere: the page says so and links home
    expect(screen.getByTestId('not-open').textContent).toContain('your account may not use it');
    expect(screen.getByRole('link', { name: 'Go to your home page' }).getAttribute('href')).toBe('/x');
  });

  it('renders a built area', () => {
    renderAt('/x/users');
    expect(screen.getByText('users list')).toBeTruthy();
    expect(screen.queryByTestId('not-available')).toBeNull();
  });
});
