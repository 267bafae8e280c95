import { combineSlices, configureStore, createDynamicMiddleware, type WithSlice } from '@reduxjs/toolkit';
import { toastSlice } from '@smsc/shared-api/core';
import type { api } from '@smsc/shared-api';
import { sessionSlice } from './session-slice';

/**
 * The store's reducer. The `api` slice (RTK Query) joins it when a signed-in area loads
 * (`attachApi`, from '@smsc/shared-session/api'), so the public pages do not fetch RTK Query.
 * Remotes put their endpoints into that shared `api` with `injectEndpoints`.
 */
export const rootReducer = combineSlices(sessionSlice, toastSlice).withLazyLoadedSlices<WithSlice<typeof api>>();

export type RootState = ReturnType<typeof rootReducer>;

/** Screens that show the server's error body themselves (docs/spec.md §8). */
// updateHome: the profile form shows a wrong current password on its field; a toast would say it twice.
// quoteSms: read while the person types; the compose box says what it cannot price, a toast mid-typing would not help.
export const QUIET_ENDPOINTS = new Set<string>([
  'updateReseller',
  'updateHome',
  'createDid',
  'updateDid',
  'assignDid',
  'quoteSms',
]);

export function makeStore(preloadedState?: Partial<RootState>) {
  // RTK Query's middleware and the error toasts are added with the api (attachApi)
  const dynamic = createDynamicMiddleware();
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: preloadedState as RootState | undefined,
    middleware: (getDefault) => getDefault().concat(dynamic.middleware),
  });
  return Object.assign(store, { addMiddleware: dynamic.addMiddleware });
}

export type AppStore = ReturnType<typeof makeStore>;
export type AppDispatch = AppStore['dispatch'];
