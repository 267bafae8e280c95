import { useEffect } from 'react';
import { matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RoleModule, RouteHandle } from './role-module';
import { NotFound } from './not-found';

/** Title of the innermost matched route that has one (spec §2). */
export function innermostTitle(module: RoleModule, pathname: string): string | undefined {
  const matches = matchRoutes(module.routes, pathname, module.basePath) ?? [];
  return [...matches].reverse().map((m) => (m.route.handle as RouteHandle | undefined)?.title).find(Boolean);
}

/** Renders a role's route table below its base path and reports the page title. */
export function RoleRoutes({ module, onTitle }: { module: RoleModule; onTitle?: (title: string) => void }) {
  const element = useRoutes([...module.routes, { path: '*', element: <NotFound /> }]);
  const { pathname } = useLocation();
  const title = innermostTitle(module, pathname) ?? module.title;
  useEffect(() => onTitle?.(title), [title, onTitle]);
  return element;
}
