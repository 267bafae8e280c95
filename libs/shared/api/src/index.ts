export { api, API_BASE, baseQuery } from './lib/api';
export { describeApiError, GENERIC_ERROR } from './lib/errors';
export { toastSlice, showToast, clearToast, type Toast, type ToastKind, TOAST_DURATION_MS } from './lib/toast-slice';
export { apiErrorToasts } from './lib/error-toasts';
