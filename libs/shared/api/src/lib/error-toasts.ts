import { isRejectedWithValue, type Middleware } from '@reduxjs/toolkit';
import { explainFailure } from './errors';
import { showToast } from './toast-slice';

interface RejectedMeta {
  arg?: { endpointName?: string; type?: string };
}

/**
 * The one place API failures become toasts. Endpoints whose screens show the server's error body
 * themselves (registration, DID, reseller edit) are listed in `quietEndpoints`; a 401 is handled by
 * the session (it logs out) and is not toasted either. A read the server refuses to show (403, 404)
 * is the screen's to say: record pages show their not-found screen, lists their error, so a toast
 * would only repeat it. Failed saves and deletes are always toasted.
 */
export function apiErrorToasts(quietEndpoints: ReadonlySet<string>): Middleware {
  return (store) => (next) => (action) => {
    if (isRejectedWithValue(action)) {
      const meta = action.meta as RejectedMeta;
      const status = (action.payload as { status?: unknown } | undefined)?.status;
      const endpoint = meta.arg?.endpointName ?? '';
      const shownByScreen = meta.arg?.type === 'query' && (status === 404 || status === 403);
      if (!quietEndpoints.has(endpoint) && status !== 401 && !shownByScreen) {
        const said = explainFailure(action.payload);
        store.dispatch(showToast('error', said.text, said.link));
      }
    }
    return next(action);
  };
}
