// Plain values the console needs at run time, apart from the TypeBox schemas: a browser bundle that
// only needs these leaves TypeBox and every schema out (the console's webpack marks the contract's
// files free of side effects, all but formats.ts; see tools/webpack/federation.ts).
export const API_PREFIX = '/api_smsc/v1';
export const USER_TYPES = ['admin', 'company_admin', 'user', 'reseller'] as const;
export const PASSWORD_MIN_LENGTH = 8;
/** The longest text one SMS call takes: 10 concatenated UCS-2 parts (10 × 67). Longer is refused (400). */
export const SMS_TEXT_MAX = 670;
/** A message's states (messaging.ts: SmsStatus tells the life they follow). */
export const SMS_STATUSES = ['scheduled', 'queued', 'sent', 'delivered', 'undelivered', 'failed', 'blocked', 'cancelled', 'received'] as const;
