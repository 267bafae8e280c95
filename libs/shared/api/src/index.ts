export * from './core';
export { api, API_BASE, baseQuery } from './lib/api';
export { apiErrorToasts } from './lib/error-toasts';
export { LEDGER_TAG, LEDGER_LIST } from './lib/shared-tags';
