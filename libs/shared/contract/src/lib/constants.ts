// Plain values the console needs at run time, apart from the TypeBox schemas: a browser bundle that
// only needs these leaves TypeBox and every schema out (the console's webpack marks the contract's
// files free of side effects, all but formats.ts; see tools/webpack/federation.ts).
export const API_PREFIX = '/api_smsc/v1';
export const USER_TYPES = ['admin', 'company_admin', 'user', 'reseller'] as const;
export const PASSWORD_MIN_LENGTH = 8;
/** A reseller login's part in its team: an admin changes things, a read-only member only looks. */
export const RESELLER_ROLES = ['admin', 'read_only'] as const;
export type ResellerRole = (typeof RESELLER_ROLES)[number];
/** The reason code of a 403 answered to a read-only login that tried to change something. */
export const READ_ONLY_REFUSAL = 'read_only';
/** The longest text one SMS call takes: 10 concatenated UCS-2 parts (10 × 67). Longer is refused (400). */
export const SMS_TEXT_MAX = 670;
/** A message's states (messaging.ts: SmsStatus tells the life they follow). */
export const SMS_STATUSES = [
  'scheduled',
  'queued',
  'sent',
  'delivered',
  'undelivered',
  'failed',
  'blocked',
  'cancelled',
  'received',
] as const;

/** A blocked message's reason codes (messaging.ts: BlockReason says what each means). */
export const BLOCK_REASONS = [
  'bad_sender',
  'bad_number',
  'bad_template',
  'suppressed',
  'filtered',
  'no_price',
  'no_route',
  'no_money',
  'destination_not_allowed',
  'pumping_suspected',
  'below_margin',
  'spend_limit',
  'sender_unregistered',
] as const;

/** A refusal's reason code in words, the same on the server's timeline and in the console
 * (here, not beside the timeline's schemas: the SMS center landing needs it without TypeBox). */
export const BLOCK_REASON_WORDS: Record<(typeof BLOCK_REASONS)[number], string> = {
  bad_sender: 'the sender is not one of the company’s sending numbers',
  bad_number: 'the destination is not a valid phone number',
  bad_template: 'the template is unknown or not approved',
  suppressed: 'the number is on the suppression list (opted out)',
  filtered: 'the text matches a stop-text filter',
  no_price: 'the company’s product has no price for this destination',
  no_route: 'no route can carry this destination',
  no_money: 'the balance (and credit) did not cover the price',
  destination_not_allowed: 'the destination country is not allowed for the company',
  pumping_suspected: 'traffic to this number range is held as suspected SMS pumping',
  below_margin: 'no route leaves the minimum margin, so it was not sent at a loss',
  spend_limit: 'the company’s daily or monthly spend limit would be passed',
  sender_unregistered: 'the sender has no approved registration for this destination (10DLC, toll-free or sender ID)',
};

/** What made a range of numbers be held as suspected SMS pumping (a hold's `signal`; docs/guards.md). */
export const PUMPING_SIGNALS = ['sequential', 'premium_share', 'otp_conversion'] as const;
export type PumpingSignal = (typeof PUMPING_SIGNALS)[number];

/** A pumping hold's signal in words, the same in the console's holds and on a blocked message's timeline. */
export const PUMPING_SIGNAL_WORDS: Record<PumpingSignal, string> = {
  sequential: 'a burst to sequential or adjacent numbers',
  premium_share: 'a sudden share of premium or unusual destinations',
  otp_conversion: 'one-time codes sent there are seldom used (low conversion)',
};

/**
 * What a company API key may do, picked by the company admin who creates it: send (the sending calls and the
 * messages they made), read (balance, transactions, webhooks, numbers, recipients, the suppression list), manage
 * (changing webhooks, recipients and the suppression list; it includes read). Keys made before scopes have send.
 */
export const API_KEY_SCOPES = ['send', 'read', 'manage'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** A scope in words, the same in the create form and the key list. */
export const API_KEY_SCOPE_WORDS: Record<ApiKeyScope, string> = {
  send: 'Send: send SMS and bulk messages, read the messages sent',
  read: 'Read: balance, transactions, webhooks, numbers, recipients and opt-outs',
  manage: 'Manage: change webhooks, recipients and opt-outs (includes Read)',
};
