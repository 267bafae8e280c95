/**
 * Cache tags that more than one resource lib names. The ledger's: a single send, a bulk or a payment moves
 * the balance and the transaction history the billing lib reads, so each of them invalidates this one.
 */
export const LEDGER_TAG = 'Ledger';
export const LEDGER_LIST = { type: LEDGER_TAG, id: 'LIST' } as const;

/** The vendors' tag: the vendor lib changes vendors, and the vendor pickers (lookups.ts) read them again. */
export const VENDOR_TAG = 'Vendor';
export const VENDOR_LIST = { type: VENDOR_TAG, id: 'LIST' } as const;

/** Messages: the SMS log's lists and each message's page (the sms lib's, and the live events'). */
export const SMS_TAG = 'Sms';
/** Numbers: inventories, one number and the compose box's sending numbers (the did and sms libs', the live events'). */
export const DID_TAG = 'Did';
/** Bulks: the list and each bulk's progress (the bulk lib's, and the live events'). */
export const BULK_TAG = 'Bulk';
/** Company webhooks: the list, each webhook and its delivery log (`log-<id>`; the webhook lib's, the live events'). */
export const WEBHOOK_TAG = 'CompanyWebhook';
/** SMPP accounts: the list, each account and its open binds (`binds-<id>`; the smpp-account lib's, the live events'). */
export const SMPP_ACCOUNT_TAG = 'SmppAccount';
/** A company's guards: usage, limits, holds, the alerts banner (the company lib's, the live events'). */
export const GUARDS_TAG = 'Guards';
/** SMS templates and their approvals (the template lib's, the live events'). */
export const TEMPLATE_TAG = 'Template';

/** Route quality: the routes' states and figures, and each route's changes (the product lib's, the live events'). */
export const ROUTE_QUALITY_TAG = 'RouteQuality';

/** Every tag the live event stream can make stale (live-events.ts): the types it adds to the one API. */
export const LIVE_TAG_TYPES = [
  LEDGER_TAG,
  SMS_TAG,
  DID_TAG,
  BULK_TAG,
  WEBHOOK_TAG,
  SMPP_ACCOUNT_TAG,
  GUARDS_TAG,
  TEMPLATE_TAG,
  ROUTE_QUALITY_TAG,
] as const;
