import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { describeApiError } from './errors';
import { showToast } from './toast-slice';

interface RejectedMeta {
  arg?: { endpointName?: string; type?: string };
}

/**
 * The one place API failures become toasts. Endpoints whose screens show the server's error body
 * themselves (registration, DID, reseller edit) are listed in `quietEndpoints`; a 401 is handled by
 * the session (it logs out) and is not toasted either.
 */
export function apiErrorToasts(quietEndpoints: ReadonlySet<string>): Middleware {
  return (store) => (next) => (action) => {
    if (isRejectedWithValue(action)) {
      const meta = action.meta as RejectedMeta;
      const status = (action.payload as { status?: unknown } | undefined)?.status;
      const endpoint = meta.arg?.endpointName ?? '';
      if (!quietEndpoints.has(endpoint) && status !== 401) {
        store.dispatch(showToast('error', describeApiError(action.payload)));
      }
    }
    return next(action);
  };
}
