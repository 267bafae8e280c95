import type { ComponentType } from 'react';
import { screen, waitFor } from '@testing-library/react';
import { matchRoutes, Route, Routes, useLocation, type RouteObject } from 'react-router';
import { renderWithProviders } from './render-with-providers';

// The shapes of the ui kit's RoleModule, restated: the ui kit's own specs use this lib, so it
// cannot import the kit back (the ui kit's RoleRoutes is passed in instead).
interface MenuEntry {
  path: string;
  label: string;
  children?: MenuEntry[];
}
interface RoleModule {
  basePath: string;
  menu: MenuEntry[];
  routes: RouteObject[];
  areas?: unknown[];
}

const menuHref = (basePath: string, path: string) => (path ? `${basePath}/${path}` : basePath);

export interface RoleModuleExpectations {
  basePath: string;
  /** area name shown on the role home */
  area: string;
  /** docs/spec.md §2: a root that redirects to a child (company admin → daily-usage, company user → sms-center) */
  redirect?: string;
  homeTitle: string;
  /** first path segments of the role's areas, as docs/spec.md §2 lists them */
  areas: string[];
}

function leaves(entries: MenuEntry[]): MenuEntry[] {
  return entries.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]));
}

const signedIn = {
  session: { token: 't', userType: null, exp: 1, email: 'x@example.com', status: 'success' as const, error: null },
};

function Where() {
  return <span data-testid="where">{useLocation().pathname}</span>;
}

function renderAt<M extends RoleModule>(RoleRoutes: ComponentType<{ module: M }>, module: M, path: string) {
  return renderWithProviders(
    <>
      <Routes>
        <Route path={`${module.basePath}/*`} element={<RoleRoutes module={module} />} />
      </Routes>
      <Where />
    </>,
    { route: path, preloadedState: signedIn },
  );
}

/**
 * The checks every role's route table shares, driven by one row of expectations per role: the
 * base path and home, a menu that lists exactly the spec's areas, and every menu entry opening to a
 * routed screen (no area is left at the 'not available yet' page).
 */
export function describeRoleModule<M extends RoleModule>(
  module: M,
  expected: RoleModuleExpectations,
  RoleRoutes: ComponentType<{ module: M }>,
  /** the kit's withLoadedAreas: the module with every lazy area fetched into its routes */
  withLoadedAreas: (module: M) => Promise<M>,
) {
  describe(`${expected.area} route table and menu`, () => {
    let loaded: M;
    beforeAll(async () => {
      loaded = await withLoadedAreas(module);
    });

    const { redirect } = expected;
    it(
      redirect
        ? `mounts under its base path and its root redirects to ${redirect}`
        : 'mounts under its base path and renders its home without fetching any area',
      async () => {
        expect(module.basePath).toBe(expected.basePath);
        // the kit's convention: the static table holds the home only, every area file is lazy
        expect(module.routes).toHaveLength(1);
        const home = module.routes.find((r) => r.index);
        expect((home?.handle as { title?: string } | undefined)?.title).toBe(expected.homeTitle);
        renderAt(RoleRoutes, { ...module, areas: [] }, expected.basePath);
        if (redirect) {
          // the redirect itself needs no area chunk; the page it lands on belongs to a lazy area
          await waitFor(() => expect(screen.getByTestId('where').textContent).toBe(`${expected.basePath}/${redirect}`));
          expect(screen.queryByTestId('role-home')).toBeNull();
          expect(!!matchRoutes(loaded.routes, `${expected.basePath}/${redirect}`, module.basePath)).toBe(true);
          return;
        }
        // found at once: the home does not wait for (nor fetch) any area chunk
        expect(screen.getByTestId('role-home').textContent).toContain(expected.area);
        expect(screen.getByText('x@example.com')).toBeTruthy();
      },
    );

    it("lists the spec's areas in its menu, each once", () => {
      const segments = module.menu.map((e) => e.path.split('/')[0]).filter(Boolean);
      expect([...new Set(segments)].sort()).toEqual([...expected.areas].sort());
      const hrefs = leaves(module.menu).map((e) => menuHref(module.basePath, e.path));
      expect(new Set(hrefs).size).toBe(hrefs.length);
    });

    const entries = leaves(module.menu).map((e) => [e.label, e] as const);
    // every area of docs/spec.md §2 is built: a menu entry without a route would show "not available yet"
    it.each(entries)('menu entry %s opens a screen', (_label, entry) => {
      expect(entry.path).not.toMatch(/^\/|\.\./);
      const href = menuHref(module.basePath, entry.path);
      expect([href, !!matchRoutes(loaded.routes, href, module.basePath)]).toEqual([href, true]);
    });
  });
}
