import { lazy, Suspense, useEffect, useMemo } from 'react';
import { Provider } from 'react-redux';
import { createBrowserRouter, Navigate, Outlet, RouterProvider, type RouteObject } from 'react-router';
import { Button, ErrorBoundary, PageLoading, Result, ThemedConfig, ToastHost } from '@smsc/shared-ui/core';
import { ROLE_AREAS, useAppDispatch, useAppSelector, type AppStore } from '@smsc/shared-session';
import { LoginPage } from './login-page';
import { RegistrationPage } from './public/registration-page';
import { ConfirmRegistrationPage } from './public/confirm-page';
import { ForgotPasswordPage } from './public/forgot-password-page';
import { ResetPasswordPage } from './public/reset-password-page';
import { RequireArea } from './require-area';
import { useExpiryLogout } from './use-expiry-logout';
import { UpdatePrompt } from './update-prompt';
import { takeEarlySubmit } from './public/early-submit';

/**
 * The signed-in frame, the full ui kit it brings (Layout, Menu, the data kit the remotes use) and
 * RTK Query (attached to the store here, before any area screen renders) load after sign-in, so
 * /login fetches only the light parts.
 */
function lazyRemoteArea(store: AppStore) {
  return lazy(() =>
    import('./remote-area').then((area) => {
      area.attachApi(store);
      return { default: area.RemoteArea };
    }),
  );
}

function FrameUnavailable() {
  return (
    <Result
      status="warning"
      title="The console could not be loaded"
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          Reload
        </Button>
      }
    />
  );
}

function Toasts() {
  const toast = useAppSelector((s) => s.toast.current);
  const dispatch = useAppDispatch();
  return <ToastHost toast={toast} dispatch={dispatch} />;
}

function Root() {
  useExpiryLogout();
  // once hydrated, React answers submits: a page with a form took the held-back one in its own
  // effect, which runs before this one; on any other page there is nothing to hand it to
  useEffect(() => void takeEarlySubmit(), []);
  return (
    <>
      <Toasts />
      <UpdatePrompt />
      <Outlet />
    </>
  );
}

export function shellRoutes(store: AppStore): RouteObject[] {
  const RemoteArea = lazyRemoteArea(store);
  return [
    {
      element: <Root />,
      children: [
        // the five public routes (docs/spec.md §2): no side bar, no header
        { path: '/login', element: <LoginPage /> },
        { path: '/registration', element: <RegistrationPage /> },
        { path: '/api_smsc/v1/registration/confirm/:token', element: <ConfirmRegistrationPage /> },
        { path: '/forgot-password', element: <ForgotPasswordPage /> },
        { path: '/forgot-password/:token', element: <ResetPasswordPage /> },
        // '/' goes to the system admin home, and from there the guard sends a user to their own home
        { path: '/', element: <Navigate to="/system-admin" replace /> },
        ...ROLE_AREAS.map((area) => ({
          path: `${area.basePath}/*`,
          element: (
            <RequireArea area={area}>
              <ErrorBoundary fallback={() => <FrameUnavailable />}>
                <Suspense fallback={<PageLoading label={`Loading the ${area.label} area…`} />}>
                  <RemoteArea area={area} />
                </Suspense>
              </ErrorBoundary>
            </RequireArea>
          ),
        })),
        // docs/spec.md §2: an unknown path goes to the company admin home (and so to the user's own)
        { path: '*', element: <Navigate to="/company-admin" replace /> },
      ],
    },
  ];
}

type ShellRouter = ReturnType<typeof createBrowserRouter>;

/** The console. `router` is for the build's prerender, which renders a public page at a given path. */
export function Shell({ store, router: given }: { store: AppStore; router?: ShellRouter }) {
  const router = useMemo(() => given ?? createBrowserRouter(shellRoutes(store)), [given, store]);
  return (
    <Provider store={store}>
      <ThemedConfig>
        <RouterProvider router={router} />
      </ThemedConfig>
    </Provider>
  );
}
