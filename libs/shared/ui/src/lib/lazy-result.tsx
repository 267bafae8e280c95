import { lazy, Suspense, type ComponentProps } from 'react';
import type { Result as AntResult } from 'antd';

// antd's Result carries its status illustrations (~40 KB of SVG code): it is shown after an action
// or a failure, never on a page's first paint, so it loads when first rendered
// webpack sees that only Result is read, so the chunk holds Result alone, not antd
const Loaded = lazy(() => import('antd').then((m) => ({ default: m.Result })));

/** antd's Result, fetched on first use. */
export function Result(props: ComponentProps<typeof AntResult>) {
  return (
    <Suspense fallback={null}>
      <Loaded {...props} />
    </Suspense>
  );
}
