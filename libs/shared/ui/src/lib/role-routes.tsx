import { Suspense, use, useEffect, useState } from 'react';
import { Button } from 'antd';
import { Result } from './lazy-result';
import { Link, matchRoutes, useLocation, useRoutes } from 'react-router';
import type { RoleModule, RouteHandle } from './role-module';
import { NotFound } from './not-found';
import { NotAvailable } from './not-available';
import { PageLoading } from './page-loading';
import { ErrorBoundary } from './error-boundary';
import { matchMenu } from './menu-match';
import { areasAt, knownRoutes, loadArea, retryAreas } from './lazy-area';

/** Title of the innermost matched route that has one (docs/spec.md §2), among the routes fetched so far. */
export function innermostTitle(module: RoleModule, pathname: string): string | undefined {
  const matches = matchRoutes(knownRoutes(module), pathname, module.basePath) ?? [];
  return [...matches]
    .reverse()
    .map((m) => (m.route.handle as RouteHandle | undefined)?.title)
    .find(Boolean);
}

/**
 * A menu entry whose own address has no route yet: its area is not built. Once a route table
 * mounts the area, an unknown path inside it is an ordinary not-found. (Asked only once the areas
 * holding the address are fetched.)
 */
export function unbuiltEntry(module: RoleModule, pathname: string) {
  const match = matchMenu(module.menu, module.basePath, pathname);
  if (!match || matchRoutes(knownRoutes(module), match.key, module.basePath) || areasAt(module, match.key).length)
    return undefined;
  return match.entry;
}

function Fallback({ module }: { module: RoleModule }) {
  const { pathname } = useLocation();
  const entry = unbuiltEntry(module, pathname);
  if (entry) return <NotAvailable label={entry.label} />;
  // an address of this area that no screen of the role answers: said so, with the way back
  return (
    <NotFound
      subTitle={
        <span data-testid="not-open">
          There is no such page in the {module.title} area, or your account may not use it.
        </span>
      }
      extra={<Link to={module.basePath}>Go to your home page</Link>}
    />
  );
}

function AreaRoutes({ module, onTitle }: { module: RoleModule; onTitle?: (title: string) => void }) {
  const { pathname } = useLocation();
  // suspends until the chunks of the areas under this address are here: the same cached promise on
  // every render, loaded or not, so a replayed render calls `use()` as often as the suspended one did
  for (const area of areasAt(module, pathname)) use(loadArea(area));
  const element = useRoutes([...knownRoutes(module), { path: '*', element: <Fallback module={module} /> }]);
  const title = innermostTitle(module, pathname) ?? unbuiltEntry(module, pathname)?.label ?? module.title;
  useEffect(() => onTitle?.(title), [title, onTitle]);
  return element;
}

/**
 * Renders a role's route table below its base path and reports the page title. An area's chunk is
 * fetched on its first visit, under this boundary: the menu and header stay while it loads, and a
 * failed chunk says so with a retry, inside the frame.
 */
export function RoleRoutes({ module, onTitle }: { module: RoleModule; onTitle?: (title: string) => void }) {
  const { pathname } = useLocation();
  const [attempt, setAttempt] = useState(0);
  return (
    <ErrorBoundary
      resetKey={`${pathname}:${attempt}`}
      fallback={(error) => (
        <Result
          status="warning"
          title="This screen could not be loaded"
          subTitle={<span data-testid="area-fallback">{error.message}</span>}
          extra={
            <Button
              type="primary"
              onClick={() => {
                retryAreas(areasAt(module, pathname));
                setAttempt((n) => n + 1);
              }}
            >
              Retry
            </Button>
          }
        />
      )}
    >
      <Suspense fallback={<PageLoading />}>
        <AreaRoutes module={module} onTitle={onTitle} />
      </Suspense>
    </ErrorBoundary>
  );
}
