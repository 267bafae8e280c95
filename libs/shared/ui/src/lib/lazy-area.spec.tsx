import { act, fireEvent, screen } from '@testing-library/react';
import { Route, Routes, type RouteObject } from 'react-router';
import { renderWithProviders } from '@smsc/shared-testing';
import { RoleRoutes } from './role-routes';
import { CHUNK_FAILED, lazyArea, setChunkTimeout, withLoadedAreas } from './lazy-area';
import type { RoleModule } from './role-module';

const usersArea: RouteObject[] = [
  { path: 'users', children: [{ index: true, element: <p>users list</p>, handle: { title: 'Users' } }] },
];

function moduleWith(load: () => Promise<RouteObject[]>): RoleModule {
  return {
    basePath: '/x',
    title: 'X',
    menu: [
      { path: '', label: 'Home' },
      { path: 'users', label: 'Users' },
      { path: 'billing', label: 'Billing' },
    ],
    routes: [{ index: true, element: <p>home</p>, handle: { title: 'X home' } }],
    areas: [lazyArea(['users'], load)],
  };
}

// rendered inside an awaited act: React 19 retries a suspended first render only there
const renderAt = async (module: RoleModule, route: string, onTitle = jest.fn()) => {
  await act(async () => {
    renderWithProviders(
      <Routes>
        <Route path="/x/*" element={<RoleRoutes module={module} onTitle={onTitle} />} />
      </Routes>,
      { route },
    );
  });
  return onTitle;
};

afterEach(() => setChunkTimeout(120_000));

describe('lazy areas of a role route table', () => {
  it('renders the home without fetching any area', async () => {
    const load = jest.fn(async () => usersArea);
    await renderAt(moduleWith(load), '/x');
    expect(screen.getByText('home')).toBeTruthy();
    expect(load).not.toHaveBeenCalled();
  });

  it('fetches an area on its first visit, with a loading state, then shows its screen and title', async () => {
    let arrive: (routes: RouteObject[]) => void = () => undefined;
    const load = jest.fn(() => new Promise<RouteObject[]>((r) => (arrive = r)));
    const onTitle = await renderAt(moduleWith(load), '/x/users');
    expect(screen.getByRole('status').textContent).toContain('Loading');
    await act(async () => arrive(usersArea));
    expect(await screen.findByText('users list')).toBeTruthy();
    expect(onTitle).toHaveBeenLastCalledWith('Users');
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('shows "not available yet" for a menu entry no area holds, without fetching the areas', async () => {
    const load = jest.fn(async () => usersArea);
    await renderAt(moduleWith(load), '/x/billing');
    expect(screen.getByTestId('not-available').textContent).toBe('Billing is not available yet');
    expect(load).not.toHaveBeenCalled();
  });

  it('says a failed chunk failed, inside the frame, and fetches it again on Retry', async () => {
    const load = jest.fn().mockRejectedValueOnce(new Error('network down')).mockResolvedValueOnce(usersArea);
    await renderAt(moduleWith(load), '/x/users');
    expect((await screen.findByTestId('area-fallback')).textContent).toBe(`${CHUNK_FAILED}: network down`);
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })));
    expect(await screen.findByText('users list')).toBeTruthy();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it("fails a chunk that never arrives with 'Loading chunk failed' after the chunk time-out", async () => {
    jest.useFakeTimers();
    try {
      setChunkTimeout(120_000);
      await renderAt(
        moduleWith(() => new Promise<RouteObject[]>(() => undefined)),
        '/x/users',
      );
      await act(async () => jest.advanceTimersByTime(119_000));
      expect(screen.queryByTestId('area-fallback')).toBeNull();
      await act(async () => jest.advanceTimersByTime(1_500));
      expect(screen.getByTestId('area-fallback').textContent).toBe(CHUNK_FAILED);
    } finally {
      jest.useRealTimers();
    }
  });

  it('refuses an area holding a route outside its declared paths (it could never be reached)', async () => {
    const stray = moduleWith(async () => [...usersArea, { path: 'billing', element: <p>billing</p> }]);
    await expect(withLoadedAreas(stray)).rejects.toThrow('holds routes outside its paths: billing');
    const fine = await withLoadedAreas(moduleWith(async () => usersArea));
    expect(fine.routes.map((r) => r.path ?? '(index)')).toEqual(['(index)', 'users']);
    expect(fine.areas).toEqual([]);
  });
});
