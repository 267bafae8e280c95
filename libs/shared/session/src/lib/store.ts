import { combineSlices, configureStore } from '@reduxjs/toolkit';
// from the shared '/query/react' entry: importing '/query' itself bundled a second copy of its code
import { setupListeners } from '@reduxjs/toolkit/query/react';
import { api, apiErrorToasts, toastSlice } from '@smsc/shared-api';
import { sessionSlice } from './session-slice';

/**
 * The store's reducer. Remotes add their own slices at run time with `rootReducer.inject(slice)`;
 * their endpoints go into the shared `api` with `injectEndpoints`.
 */
export const rootReducer = combineSlices(api, sessionSlice, toastSlice).withLazyLoadedSlices<Record<string, unknown>>();

export type RootState = ReturnType<typeof rootReducer>;

/** Screens that show the server's error body themselves (spec §8). */
// updateHome: the profile form shows a wrong current password on its field; a toast would say it twice.
export const QUIET_ENDPOINTS = new Set<string>(['register', 'confirmRegistration', 'updateReseller', 'updateHome', 'createDid', 'updateDid', 'assignDid', 'login', 'checkToken', 'logout', 'requestPasswordReset', 'resetPassword']);

export function makeStore(preloadedState?: Partial<RootState>) {
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(api.middleware, apiErrorToasts(QUIET_ENDPOINTS)),
  });
  setupListeners(store.dispatch);
  return store;
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
