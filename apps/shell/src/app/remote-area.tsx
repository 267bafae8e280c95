import { Suspense, use, useCallback, useState } from 'react';
import { ErrorBoundary, PageLoading, Result, Button, RoleRoutes, type RoleModule } from '@smsc/shared-ui';
import type { RoleArea } from '@smsc/shared-session';
import { forgetRemote, loadRoleModule } from '../federation/remotes';
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
  return (
    <ConsoleFrame area={area} title={title} menu={module.menu} buildLabel={module.buildLabel}>
      <RoleRoutes module={module} onTitle={setTitle} />
    </ConsoleFrame>
  );
}

/** One role remote, inside its own error boundary and Suspense: its failure stays in its frame. */
export function RemoteArea({ area }: { area: RoleArea }) {
  const [attempt, setAttempt] = useState(0);
  const retry = useCallback(() => {
    loads.delete(area.remote);
    forgetRemote(area.remote);
    setAttempt((n) => n + 1);
  }, [area.remote]);
  return (
    <ErrorBoundary
      resetKey={`${area.remote}:${attempt}`}
      fallback={(error) => (
        <ConsoleFrame area={area} title={area.label} menu={[]}>
          <Result
            status="warning"
            title={`The ${area.label} area could not be loaded`}
            subTitle={<span data-testid="remote-fallback">{error.message}</span>}
            extra={<Button type="primary" onClick={retry}>Retry</Button>}
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
  );
}
