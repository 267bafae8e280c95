// The light door to antd: only what the shell needs before anyone signs in (the public pages, the
// providers, toasts, the error boundary). It is its own shared singleton so /login does not fetch
// the data kit; `@smsc/shared-ui` re-exports all of it, so both entries hand out the same modules.
export { Alert, App, Button, ConfigProvider, Form, Input, Result, Spin, theme } from 'antd';
export type { FormInstance, FormProps, FormRule, ThemeConfig } from 'antd';
export { ToastHost } from './lib/toast-host';
export { ErrorBoundary, type ErrorBoundaryProps } from './lib/error-boundary';
export { PageLoading } from './lib/page-loading';
export { NotFound } from './lib/not-found';
export type { RoleModule, MenuEntry, RouteHandle } from './lib/role-module';
export { consoleTheme } from './lib/theme';
