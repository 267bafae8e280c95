export * from './core';
export { api, API_BASE, baseQuery } from './lib/api';
export { apiErrorToasts } from './lib/error-toasts';
export { LEDGER_TAG, LEDGER_LIST, VENDOR_TAG, VENDOR_LIST } from './lib/shared-tags';
export {
  lookupOf,
  useCompanyOptions,
  useCompanyChoicesQuery,
  useVendorOptions,
  useVendorChoicesQuery,
  type CompanyChoicesArg,
  type Lookup,
  type LookupOption,
  type LookupQuery,
} from './lib/lookups';
