import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';

/**
 * A component whose code is fetched when it first renders, with `fallback` in its place meanwhile.
 * For antd parts no first paint needs (a result screen, a toast, a deploy notice, a date picker):
 * `onFirstUse(() => import('antd').then((m) => m.Result))`. webpack sees which export is read, so
 * the chunk holds that component alone, not antd.
 */
export function onFirstUse<P extends object>(
  load: () => Promise<ComponentType<P>>,
  fallback: ReactNode = null,
): ComponentType<P> {
  const Loaded = lazy(() => load().then((component) => ({ default: component })));
  function OnFirstUse(props: P) {
    return (
      <Suspense fallback={fallback}>
        <Loaded {...props} />
      </Suspense>
    );
  }
  return OnFirstUse;
}
