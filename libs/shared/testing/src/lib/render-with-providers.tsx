import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { App, ConfigProvider } from 'antd';
import type { AppStore, RootState } from '@smsc/shared-session';
import { attachApi, makeApiStore } from '@smsc/shared-session/api';

export interface RenderOptions {
  preloadedState?: Partial<RootState>;
  store?: AppStore;
  route?: string;
  /** set to false when the component under test brings its own router */
  withRouter?: boolean;
}

/** Every component test renders through this: a real store, antd's App context and a router. */
export function renderWithProviders(ui: ReactElement, options: RenderOptions = {}) {
  const { preloadedState, route = '/', withRouter = true } = options;
  // with RTK Query attached, as a signed-in area has it
  const store = options.store ? attachApi(options.store) : makeApiStore(preloadedState);
  const Wrapper = ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <ConfigProvider theme={{ token: { motion: false } }}>
        <App>{withRouter ? <MemoryRouter initialEntries={[route]}>{children}</MemoryRouter> : children}</App>
      </ConfigProvider>
    </Provider>
  );
  return { store, ...render(ui, { wrapper: Wrapper }) };
}
