/**
 * Cache tags that more than one resource lib names. The ledger's: a single send, a bulk or a payment moves
 * the balance and the transaction history the billing lib reads, so each of them invalidates this one.
 */
export const LEDGER_TAG = 'Ledger';
export const LEDGER_LIST = { type: LEDGER_TAG, id: 'LIST' } as const;

/** The vendors' tag: the vendor lib changes vendors, and the vendor pickers (lookups.ts) read them again. */
export const VENDOR_TAG = 'Vendor';
export const VENDOR_LIST = { type: VENDOR_TAG, id: 'LIST' } as const;
