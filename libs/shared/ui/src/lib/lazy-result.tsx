import type { ComponentProps } from 'react';
import type { Result as AntResult } from 'antd';
import { onFirstUse } from './on-first-use';

// antd's Result carries its status illustrations (~40 KB of SVG code): it is shown after an action
// or a failure, never on a page's first paint, so it loads when first rendered
/** antd's Result, fetched on first use. */
export const Result = onFirstUse<ComponentProps<typeof AntResult>>(() => import('antd').then((m) => m.Result));
