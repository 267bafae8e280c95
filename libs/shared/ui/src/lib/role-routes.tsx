import { useEffect } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RoleModule, RouteHandle } from './role-module';
import { NotFound } from './not-found';
import { NotAvailable } from './not-available';
import { matchMenu } from './menu-match';

/** Title of the innermost matched route that has one (spec §2). */
export function innermostTitle(module: RoleModule, pathname: string): string | undefined {
  const matches = matchRoutes(module.routes, pathname, module.basePath) ?? [];
  return [...matches].reverse().map((m) => (m.route.handle as RouteHandle | undefined)?.title).find(Boolean);
}

/**
 * A menu entry whose own address has no route yet: its area is not built. Once a route table
 * mounts the area, an unknown path inside it is an ordinary not-found.
 */
export function unbuiltEntry(module: RoleModule, pathname: string) {
  const match = matchMenu(module.menu, module.basePath, pathname);
  if (!match || matchRoutes(module.routes, match.key, module.basePath)) return undefined;
  return match.entry;
}

function Fallback({ module }: { module: RoleModule }) {
  const { pathname } = useLocation();
  const entry = unbuiltEntry(module, pathname);
  return entry ? <NotAvailable label={entry.label} /> : <NotFound />;
}

/** Renders a role's route table below its base path and reports the page title. */
export function RoleRoutes({ module, onTitle }: { module: RoleModule; onTitle?: (title: string) => void }) {
  const element = useRoutes([...module.routes, { path: '*', element: <Fallback module={module} /> }]);
  const { pathname } = useLocation();
  const title = innermostTitle(module, pathname) ?? unbuiltEntry(module, pathname)?.label ?? module.title;
  useEffect(() => onTitle?.(title), [title, onTitle]);
  return element;
}
