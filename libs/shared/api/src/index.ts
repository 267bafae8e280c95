export * from './core';
export { api, API_BASE, baseQuery } from './lib/api';
export { apiErrorToasts } from './lib/error-toasts';
export {
  LEDGER_TAG,
  LEDGER_LIST,
  VENDOR_TAG,
  VENDOR_LIST,
  SMS_TAG,
  DID_TAG,
  BULK_TAG,
  WEBHOOK_TAG,
  SMPP_ACCOUNT_TAG,
  GUARDS_TAG,
  TEMPLATE_TAG,
  ROUTE_QUALITY_TAG,
} from './lib/shared-tags';
export { LIVE_TAGS, tagsOf, startLiveEvents, type LiveOptions } from './lib/live-events';
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
