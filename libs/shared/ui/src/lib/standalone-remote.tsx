import { useMemo, useState, type ReactNode } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { App, Layout, Typography, theme } from 'antd';
import { readStoredSession, sessionStarted } from '@smsc/shared-session';
import { makeApiStore } from '@smsc/shared-session/api';
import type { RoleModule } from './role-module';
import { ThemedConfig } from './color-scheme';
import { RoleRoutes } from './role-routes';
import { ReducedMotion } from './reduced-motion';

function StandaloneHeader({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return <Layout.Header style={{ background: token.colorBgContainer }}>{children}</Layout.Header>;
}

/** A remote served on its own by its team: the route table in a bare frame, no shell. */
export function StandaloneRemote({ module }: { module: RoleModule }) {
  const store = useMemo(() => {
    const s = makeApiStore();
    const stored = readStoredSession();
    if (stored) s.dispatch(sessionStarted(stored));
    return s;
  }, []);
  const [title, setTitle] = useState(module.title);
  return (
    <Provider store={store}>
      <ThemedConfig>
        <ReducedMotion>
          <App>
            <BrowserRouter>
              <Layout style={{ minHeight: '100vh' }}>
                <StandaloneHeader>
                  <Typography.Title level={1} style={{ fontSize: 20, margin: '16px 0' }}>
                    {title} (standalone)
                  </Typography.Title>
                </StandaloneHeader>
                <Layout.Content style={{ padding: 24 }}>
                  <Routes>
                    <Route path={`${module.basePath}/*`} element={<RoleRoutes module={module} onTitle={setTitle} />} />
                    <Route path="*" element={<Navigate to={module.basePath} replace />} />
                  </Routes>
                </Layout.Content>
              </Layout>
            </BrowserRouter>
          </App>
        </ReducedMotion>
      </ThemedConfig>
    </Provider>
  );
}
