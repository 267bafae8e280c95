import { onFirstUse } from './lib/on-first-use';

// The light door to antd: only what the shell needs before anyone signs in (the public pages, the
// providers, toasts, the error boundary). It is its own shared singleton so /login does not fetch
// the data kit; `@smsc/shared-ui` re-exports all of it, so both entries hand out the same modules.
// (antd's Form is not here: the public forms are drawn without it, see the shell's public-form.tsx)
export { Alert, Button, ConfigProvider, Input, Spin, theme } from 'antd';
// fetched on first use: a success or failure screen, a toast, a deploy notice are never a first paint
export { Result } from './lib/lazy-result';
export type { ThemeConfig } from 'antd';
export { ToastHost } from './lib/toast-host';
export { ErrorLink, errorLinkIn } from './lib/error-link';
export const UpdateNotice = onFirstUse(() => import('./lib/update-notice').then((m) => m.default));
export { ErrorBoundary, type ErrorBoundaryProps } from './lib/error-boundary';
export { PageLoading } from './lib/page-loading';
export { NotFound } from './lib/not-found';
export type { RoleModule, MenuEntry, RouteHandle } from './lib/role-module';
export { consoleTheme, buildTheme, type BrandTokens } from './lib/theme';
export {
  readPageBrand,
  setConsoleBrand,
  useConsoleBrand,
  brandTokensOf,
  brandTitle,
  DEFAULT_BRAND,
  type ConsoleBrand,
} from './lib/brand';
export {
  ThemedConfig,
  useDarkScheme,
  setSchemeChoice,
  isDark,
  COLOR_SCHEME_KEY,
  type SchemeChoice,
} from './lib/color-scheme';
