import type { RouteObject } from 'react-router';
import type { RoleModule } from './role-module';

// The kit's convention for route tables: a role's routes.tsx imports only its home and menu
// statically; every area file (`<area>-routes.tsx`, exporting a RouteObject[]) is registered with
// one line, `lazyArea(['first/path', ...], () => import('./x-routes').then((m) => m.xRoutes))`,
// so webpack makes it a chunk of its own that is fetched on the first visit below those paths.
// The paths are declared because the address must say which chunk to fetch before it is loaded;
// `withLoadedAreas` (used by every role's spec) fails when an area holds a route outside them.

/** docs/spec.md §8/§9: a screen chunk that does not arrive fails after 120 s with this message */
export const CHUNK_FAILED = 'Loading chunk failed';
let chunkTimeoutMs = 120_000;

/** The shell passes the time-out its manifest gives (tests shorten it there). */
export function setChunkTimeout(ms: number): void {
  chunkTimeoutMs = ms;
}

export interface LazyArea {
  /** paths relative to the role's base whose screens this area holds (a path or its prefix) */
  paths: string[];
  load: () => Promise<RouteObject[]>;
}

/** A promise React's `use()` reads at once when it is settled (React reads these two fields). */
type TrackedPromise<T> = Promise<T> & { status?: 'pending' | 'fulfilled' | 'rejected'; value?: T; reason?: unknown };

interface AreaState {
  routes?: RouteObject[];
  pending?: TrackedPromise<RouteObject[]>;
  failed?: boolean;
}
const states = new WeakMap<LazyArea, AreaState>();

export function lazyArea(paths: string[], load: () => Promise<RouteObject[]>): LazyArea {
  return { paths, load };
}

const state = (area: LazyArea): AreaState => {
  let s = states.get(area);
  if (!s) states.set(area, (s = {}));
  return s;
};

const under = (relative: string, prefix: string) => relative === prefix || relative.startsWith(`${prefix}/`);

/** The areas whose paths hold this address (several may: 'companies' and 'companies/company-accounts'). */
export function areasAt(module: RoleModule, pathname: string): LazyArea[] {
  if (!pathname.startsWith(module.basePath)) return [];
  const relative = pathname.slice(module.basePath.length).replace(/^\/+|\/+$/g, '');
  return (module.areas ?? []).filter((a) => a.paths.some((p) => under(relative, p)));
}

export const isLoaded = (area: LazyArea) => Boolean(state(area).routes);

/**
 * Fetches an area's chunk once and answers the same promise on every later call, loaded or not:
 * `use()` is given it on every render (a render React replays after a suspension must call the
 * same hooks as the one that suspended), and reads it without suspending once it has settled.
 * A failure stays (the screen keeps saying so) until `retryAreas` forgets it; a chunk that never
 * arrives fails after the chunk time-out with 'Loading chunk failed'.
 */
export function loadArea(area: LazyArea): Promise<RouteObject[]> {
  const s = state(area);
  if (!s.pending) {
    const pending: TrackedPromise<RouteObject[]> = new Promise<RouteObject[]>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(CHUNK_FAILED)), chunkTimeoutMs);
      area.load().then(
        (routes) => {
          clearTimeout(timer);
          s.routes = routes;
          resolve(routes);
        },
        (error: unknown) => {
          clearTimeout(timer);
          const message = error instanceof Error ? error.message : String(error);
          reject(new Error(message.startsWith(CHUNK_FAILED) ? message : `${CHUNK_FAILED}: ${message}`));
        },
      );
    });
    pending.status = 'pending';
    pending.then(
      (routes) => Object.assign(pending, { status: 'fulfilled', value: routes }),
      (reason: unknown) => {
        Object.assign(pending, { status: 'rejected', reason });
        s.failed = true;
      },
    );
    s.pending = pending;
  }
  return s.pending;
}

/** Forgets the failed fetches of these areas, so the next render fetches them again. */
export function retryAreas(areas: LazyArea[]): void {
  for (const area of areas) {
    const s = state(area);
    if (s.failed) states.delete(area);
  }
}

/** The routes known so far: the static ones and those of every area already fetched. */
export function knownRoutes(module: RoleModule): RouteObject[] {
  return [...module.routes, ...(module.areas ?? []).flatMap((a) => state(a).routes ?? [])];
}

function outside(area: LazyArea, routes: RouteObject[]): string[] {
  return routes.flatMap((r) => {
    if (r.index) return ['(index)'];
    if (!r.path) return outside(area, r.children ?? []);
    return area.paths.some((p) => under(r.path?.replace(/^\/+/, '') ?? '', p)) ? [] : [r.path];
  });
}

/**
 * The module with every area fetched into its route table (for specs and tools); throws when an
 * area holds a route its declared paths do not cover, since such a screen could never be reached.
 */
export async function withLoadedAreas<M extends RoleModule>(module: M): Promise<M> {
  const loaded = await Promise.all(
    (module.areas ?? []).map(async (area) => {
      const routes = await loadArea(area);
      const stray = outside(area, routes);
      if (stray.length)
        throw new Error(`area [${area.paths.join(', ')}] holds routes outside its paths: ${stray.join(', ')}`);
      return routes;
    }),
  );
  return { ...module, routes: [...module.routes, ...loaded.flat()], areas: [] };
}
