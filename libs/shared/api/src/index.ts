export * from './core';
export { api, API_BASE, baseQuery } from './lib/api';
export { apiErrorToasts } from './lib/error-toasts';
