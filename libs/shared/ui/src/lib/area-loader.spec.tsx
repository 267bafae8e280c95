import { lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import { Provider } from 'react-redux';
import { MemoryRouter, Route, Routes, type RouteObject } from 'react-router';
import { waitFor } from '@testing-library/react';
import { makeApiStore } from '@smsc/shared-session/api';
import { RoleRoutes } from './role-routes';
import { lazyArea, loadArea } from './lazy-area';
import type { RoleModule } from './role-module';

// A full page load renders a deep link in a concurrent render that suspends on the area's chunk;
// when the chunk arrives React replays that render, which must call the same hooks as before.
describe('the area loader on a full page load', () => {
  const wasActEnvironment = (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT;
  beforeAll(() => ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = false));
  afterAll(() => ((globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = wasActEnvironment));

  const routes: RouteObject[] = [
    { path: 'users', children: [{ index: true, element: <p>users list</p>, handle: { title: 'Users' } }] },
  ];

  function moduleWith(load: () => Promise<RouteObject[]>): RoleModule {
    return {
      basePath: '/x',
      title: 'X',
      menu: [{ path: 'users', label: 'Users' }],
      routes: [{ index: true, element: <p>home</p> }],
      areas: [lazyArea(['users'], load)],
    };
  }

  it('renders a deep link into a lazy area without a recoverable error', async () => {
    const onRecoverableError = jest.fn();
    const onUncaughtError = jest.fn();
    // React's development build says what its production build throws as error #520
    const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const container = document.createElement('div');
    document.body.append(container);
    // the chunk arrives within a task, as a cached script does: React replays the suspended render
    const root = createRoot(container, { onRecoverableError, onUncaughtError });
    // as in the shell: the area's routes render in a retry of a lazily loaded frame (a concurrent
    // render), and the chunk arrives a moment later, while React waits inside that render
    const chunk = () => new Promise<RouteObject[]>((resolve) => setTimeout(() => resolve(routes), 20));
    const module = moduleWith(chunk);
    const Frame = lazy(async () => ({ default: () => <RoleRoutes module={module} /> }));
    root.render(
      <Provider store={makeApiStore()}>
        <MemoryRouter initialEntries={['/x/users']}>
          <Suspense fallback={<p>loading</p>}>
            <Routes>
              <Route path="/x/*" element={<Frame />} />
            </Routes>
          </Suspense>
        </MemoryRouter>
      </Provider>,
    );
    await waitFor(() => expect(container.textContent).toContain('users list'), { timeout: 30_000 });
    root.unmount();
    container.remove();
    const logged = consoleError.mock.calls.map((args) => String(args[0]));
    consoleError.mockRestore();
    expect(logged).toEqual([]);
    expect(onRecoverableError).not.toHaveBeenCalled();
    expect(onUncaughtError).not.toHaveBeenCalled();
  });

  it('answers the same promise for an area before and after it is loaded, settled once loaded', async () => {
    const area = lazyArea(['users'], async () => routes);
    const first = loadArea(area);
    await first;
    const again = loadArea(area) as Promise<RouteObject[]> & { status?: string; value?: unknown };
    expect(again).toBe(first);
    expect(again.status).toBe('fulfilled');
    expect(again.value).toBe(routes);
  });
});
