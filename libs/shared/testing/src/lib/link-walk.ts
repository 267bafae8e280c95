import { isValidElement, type ReactNode } from 'react';
import { matchRoutes, Navigate, type RouteObject } from 'react-router';

// The shapes of the ui kit's RoleModule and RouteHandle, restated (this lib cannot import the kit).
interface MenuEntry {
  path: string;
  children?: MenuEntry[];
  also?: string[];
}
interface WalkedModule {
  basePath: string;
  menu: MenuEntry[];
  routes: RouteObject[];
}
interface Handle {
  links?: readonly string[];
}

interface FlatRoute {
  /** the route's full pattern relative to the base path, e.g. 'companies/edit-company/:id' */
  pattern: string;
  /** the pattern its relative links and redirects start from (a page's parent, a resource's root) */
  parent: string;
  route: RouteObject;
}

const join = (...parts: string[]) => parts.filter(Boolean).join('/');

/** 'a/b' + '../c' → 'a/c'; an absolute address inside the role's area loses its base path. */
function resolve(basePath: string, from: string, target: string): string {
  const to = target.replace(/[?#].*$/, '');
  if (to.startsWith('/'))
    return to === basePath ? '' : to.startsWith(`${basePath}/`) ? to.slice(basePath.length + 1) : to;
  const out = from ? from.split('/') : [];
  for (const segment of to.split('/')) {
    if (segment === '..') out.pop();
    else if (segment && segment !== '.') out.push(segment);
  }
  return out.join('/');
}

function flatten(routes: RouteObject[], parent = ''): FlatRoute[] {
  return routes.flatMap((route) => {
    const pattern = route.index ? parent : join(parent, route.path?.replace(/^\/+|\/+$/g, '') ?? '');
    return [{ pattern, parent, route }, ...flatten(route.children ?? [], pattern)];
  });
}

/** Where a route's element sends the browser at once: a `<Navigate to>` (relative to the route itself). */
function redirectOf(element: ReactNode): string | undefined {
  if (isValidElement<{ to?: unknown }>(element) && element.type === Navigate && typeof element.props.to === 'string')
    return element.props.to;
  return undefined;
}

const leaves = (menu: MenuEntry[]): MenuEntry[] => menu.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]));

export interface LinkWalk {
  /** the patterns of every routed page reached from the menu, by its links and redirects */
  reached: Set<string>;
  /** the pattern of the page an address opens (undefined: no route) */
  patternOf(address: string): string | undefined;
  /** every page of the route table (the routes that render a screen, not a redirect or a layout) */
  pages: string[];
}

/**
 * Walks a role's screens as a person clicks: from each menu entry to the page it opens, then along
 * each page's links (`handle.links`: relative to the page's parent route, or absolute) and
 * redirects. A path parameter is followed as it is written (':id' matches any ':id' route).
 */
export function walkLinks(module: WalkedModule): LinkWalk {
  const flat = flatten(module.routes);
  const byRoute = new Map(flat.map((f) => [f.route, f]));
  const pageOf = (address: string): FlatRoute | undefined => {
    const matches = matchRoutes(module.routes, `/${address}`) ?? [];
    const last = matches[matches.length - 1];
    return last ? byRoute.get(last.route) : undefined;
  };
  const reached = new Set<string>();
  const seen = new Set<string>();
  const queue = leaves(module.menu).map((e) => e.path);
  while (queue.length) {
    const address = queue.shift() as string;
    if (seen.has(address)) continue;
    seen.add(address);
    const page = pageOf(address);
    if (!page) continue;
    reached.add(page.pattern);
    const redirect = redirectOf(page.route.element);
    if (redirect !== undefined) queue.push(resolve(module.basePath, page.pattern, redirect));
    for (const link of (page.route.handle as Handle | undefined)?.links ?? [])
      queue.push(resolve(module.basePath, page.parent, link));
  }
  const pages = flat
    .filter((f) => f.route.element && (f.route.handle as { title?: string } | undefined)?.title)
    .filter((f) => redirectOf(f.route.element) === undefined)
    .map((f) => f.pattern);
  return { reached, patternOf: (address) => pageOf(address)?.pattern, pages: [...new Set(pages)] };
}

/** The spec routes a walk did not reach (or that no route serves), as they are written. */
export function unreachedRoutes(walk: LinkWalk, specRoutes: readonly string[]): string[] {
  return specRoutes.filter((path) => {
    const pattern = walk.patternOf(path);
    return pattern === undefined || !walk.reached.has(pattern);
  });
}

/**
 * The link walk of one role: every spec route of section 2 and every page of its route table is
 * reached from the role's menu by clicks (menu entries, the links a page shows, redirects).
 * `unlinked`: pages no link leads to on purpose (a payment provider's return page).
 */
export function describeLinkWalk<M extends WalkedModule>(
  module: M,
  specRoutes: readonly string[],
  withLoadedAreas: (module: M) => Promise<M>,
  unlinked: readonly string[] = [],
) {
  describe(`the screens of ${module.basePath}, by clicks from its menu`, () => {
    let walk: LinkWalk;
    beforeAll(async () => {
      walk = walkLinks(await withLoadedAreas(module));
    });

    it('reaches every route of the spec', () => {
      expect(unreachedRoutes(walk, specRoutes)).toEqual([]);
    });

    it('reaches every page of its route table (a new screen cannot be left without a way in)', () => {
      const skipped = new Set(unlinked.map((p) => walk.patternOf(p)));
      expect(walk.pages.filter((p) => !walk.reached.has(p) && !skipped.has(p))).toEqual([]);
    });
  });
}
