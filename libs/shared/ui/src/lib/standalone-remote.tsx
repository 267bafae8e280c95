import { useMemo, useState } from 'react';
import { Provider } from 'react-redux';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { App, ConfigProvider, Layout, Typography } from 'antd';
import { readStoredSession, sessionStarted } from '@smsc/shared-session';
import { makeApiStore } from '@smsc/shared-session/api';
import type { RoleModule } from './role-module';
import { consoleTheme } from './theme';
import { RoleRoutes } from './role-routes';
import { ReducedMotion } from './reduced-motion';

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
      <ConfigProvider theme={consoleTheme}>
        <ReducedMotion>
          <App>
            <BrowserRouter>
              <Layout style={{ minHeight: '100vh' }}>
                <Layout.Header style={{ background: '#fff' }}>
                  <Typography.Title level={1} style={{ fontSize: 20, margin: '16px 0' }}>
                    {title} (standalone)
                  </Typography.Title>
                </Layout.Header>
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
      </ConfigProvider>
    </Provider>
  );
}
