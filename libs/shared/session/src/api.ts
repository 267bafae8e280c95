// The store's RTK Query part, its own shared entry: what a signed-in area (and every component
// test) adds to the store before its screens render. The public pages never import it.
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api, apiErrorToasts } from '@smsc/shared-api';
import { QUIET_ENDPOINTS, makeStore, rootReducer, type AppStore, type RootState } from './lib/store';

const attached = new WeakSet<AppStore>();

/** Adds the `api` slice, its middleware and the error toasts to a store; a second call does nothing. */
export function attachApi<S extends AppStore>(store: S): S {
  if (attached.has(store)) return store;
  attached.add(store);
  rootReducer.inject(api);
  store.addMiddleware(api.middleware, apiErrorToasts(QUIET_ENDPOINTS));
  setupListeners(store.dispatch);
  // any action gives the injected reducer its initial state, before the first query hook reads it
  store.dispatch({ type: 'session/apiAttached' });
  return store;
}

/** A store with the api attached: for screens and tests outside the shell. */
export const makeApiStore = (preloadedState?: Partial<RootState>) => attachApi(makeStore(preloadedState));

export { useLiveEvents } from './lib/use-live-events';
export { homeApi, HOME_TAG, useAccountZone, useDisplayZone, zoneOfHome } from './lib/account-zone';
