import { Suspense, use, useCallback, useState } from 'react';
import { ErrorBoundary, PageLoading, Result, Button, type RoleModule } from '@smsc/shared-ui/core';
import { ReducedMotion, RoleRoutes, setChunkTimeout } from '@smsc/shared-ui/frame';
import type { RoleArea } from '@smsc/shared-session';
// RTK Query comes with the signed-in areas: the shell attaches it to its store as this chunk loads
export { attachApi } from '@smsc/shared-session/api';
import { useAccountZone, useLiveEvents } from '@smsc/shared-session/api';
import { chunkTimeoutMs, forgetRemote, loadRoleModule } from '../federation/remotes';

// an area's screen chunks keep the manifest's time-out too (docs/spec.md §9)
setChunkTimeout(chunkTimeoutMs());
import { ConsoleFrame } from './console-frame';

const loads = new Map<string, Promise<RoleModule>>();

function loadOnce(remote: string): Promise<RoleModule> {
  let p = loads.get(remote);
  if (!p) {
    p = loadRoleModule(remote);
    loads.set(remote, p);
  }
  return p;
}

function AreaContent({ area }: { area: RoleArea }) {
  const module = use(loadOnce(area.remote));
  const [title, setTitle] = useState(module.title);
  // every time on screen is in the account's zone: the screens mount once it is in force (GET /home, fetched while
  // the area's module loads), so their first paint is already in it and nothing typed is lost to a redraw
  const { ready } = useAccountZone();
  return (
    <ConsoleFrame
      area={area}
      title={title}
      menu={module.menu}
      buildLabel={module.buildLabel}
      headerExtra={module.headerExtra}
    >
      {ready ? <RoleRoutes module={module} onTitle={setTitle} /> : <PageLoading />}
    </ConsoleFrame>
  );
}

/** One role remote, inside its own error boundary and Suspense: its failure stays in its frame. */
export function RemoteArea({ area }: { area: RoleArea }) {
  // what the screens show follows the server from sign-in to sign-out (one stream a session)
  useLiveEvents();
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    loads.delete(area.remote);
    forgetRemote(area.remote);
    setAttempt((n) => n + 1);
  }, [area.remote]);
  return (
    <ReducedMotion>
      <ErrorBoundary
        resetKey={`${area.remote}:${attempt}`}
        fallback={(error) => (
          <ConsoleFrame area={area} title={area.label} menu={[]}>
            <Result
              status="warning"
              title={`The ${area.label} area could not be loaded`}
              subTitle={<span data-testid="remote-fallback">{error.message}</span>}
              extra={
                <Button type="primary" onClick={retry}>
                  Retry
                </Button>
              }
            />
          </ConsoleFrame>
        )}
      >
        <Suspense
          fallback={
            <ConsoleFrame area={area} title={area.label} menu={[]}>
              <PageLoading label={`Loading the ${area.label} area…`} />
            </ConsoleFrame>
          }
        >
          <AreaContent area={area} />
        </Suspense>
      </ErrorBoundary>
    </ReducedMotion>
  );
}

/**
 * Never called: it makes the shell's build provide the full kit (`@smsc/shared-ui`) and the compose
 * entry as well, so an area's first visit fetches the shell's copy (one antd, one style cache) and
 * not the remote's.
 */
export const provideDataKit = () => Promise.all([import('@smsc/shared-ui'), import('@smsc/shared-ui/compose')]);
