// How our ids, states and refusals read in Twilio's words (docs/twilio-compat.md). Plain functions.
import {
  API_PREFIX,
  BLOCK_REASON_WORDS,
  TWILIO_API_VERSION,
  twilioAccountSid,
  type BlockReason,
  type Sms,
  type SmsStatus,
  type TwilioError,
  type TwilioMessage,
  type TwilioStatus,
} from '@smsc/shared-contract';

/** Where the resource lives: a Twilio client's base URL is the server's address and this prefix. */
export const TWILIO_BASE = `${API_PREFIX}/${TWILIO_API_VERSION}`;

const hex32 = /^[0-9a-f]{32}$/;
const dashed = (h: string) => `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
const sidOf = (prefix: 'AC' | 'SM', uuid: string) => `${prefix}${uuid.replace(/-/g, '').toLowerCase()}`;
/** A sid's uuid, or null when it is not one of `prefix`'s: a uuid is 32 hex digits, so the mapping is one to one. */
const uuidOf = (prefix: 'AC' | 'SM', sid: string): string | null => {
  const h = sid.slice(2).toLowerCase();
  return sid.slice(0, 2).toUpperCase() === prefix && hex32.test(h) ? dashed(h) : null;
};

/** A company's Account SID: `AC` and its uuid without dashes. */
export const accountSidOf = twilioAccountSid;
export const companyOfAccountSid = (sid: string) => uuidOf('AC', sid);
/** A message's SID: `SM` and its uuid without dashes. */
export const messageSidOf = (sms_uuid: string) => sidOf('SM', sms_uuid);
export const smsOfMessageSid = (sid: string) => uuidOf('SM', sid);

/** Our states as Twilio's: a message the platform refused (blocked) failed before it was sent. */
export const TWILIO_STATUS_OF: Record<SmsStatus, TwilioStatus> = {
  scheduled: 'scheduled',
  queued: 'queued',
  sent: 'sent',
  delivered: 'delivered',
  undelivered: 'undelivered',
  failed: 'failed',
  blocked: 'failed',
  cancelled: 'canceled',
  received: 'received',
};
/** The states after which a message's status no longer changes (its callbacks end there). */
export const FINAL_TWILIO: readonly TwilioStatus[] = ['delivered', 'undelivered', 'failed', 'canceled', 'received'];

/** Our refusal reasons as Twilio's error codes (the nearest Twilio has; 30008 "unknown error" otherwise). */
const CODE_OF_REASON: Record<BlockReason, number> = {
  bad_sender: 21212,
  bad_number: 21211,
  bad_template: 21619,
  suppressed: 21610,
  filtered: 30007,
  no_price: 21612,
  no_route: 21612,
  no_money: 20003,
  destination_not_allowed: 21408,
  pumping_suspected: 30007,
  below_margin: 21612,
  spend_limit: 20003,
  sender_unregistered: 30034,
};
export const twilioCodeOfReason = (reason: string | null | undefined): number =>
  (reason && CODE_OF_REASON[reason as BlockReason]) || 30008;

/** A message's error code and words, as Twilio's `error_code`/`error_message` and the callback's ErrorCode. */
export function errorOf(row: { status: SmsStatus; block_reason: string | null; status_message: string | null }): {
  code: number | null;
  message: string | null;
} {
  if (row.status === 'blocked')
    return {
      code: twilioCodeOfReason(row.block_reason),
      message: BLOCK_REASON_WORDS[row.block_reason as BlockReason] ?? row.status_message,
    };
  // 30003 "Unreachable destination handset" for an undelivered receipt, 30008 "Unknown error" for a failure
  if (row.status === 'undelivered') return { code: 30003, message: row.status_message };
  if (row.status === 'failed') return { code: 30008, message: row.status_message };
  return { code: null, message: null };
}

/** RFC 2822 as Twilio writes it: "Sun, 06 Dec 2026 20:41:37 +0000". */
export const rfc2822 = (d: Date | null | undefined): string | null =>
  d ? d.toUTCString().replace(/GMT$/, '+0000') : null;

/** A price as Twilio writes a charge: negative, five decimals ("-0.00750"). */
export function twilioPrice(money: string | null | undefined): string | null {
  if (money === null || money === undefined) return null;
  const n = Number(money);
  return n === 0 ? '0.00000' : `-${Math.abs(n).toFixed(5)}`;
}

const dateOf = (iso: string | null | undefined) => (iso ? new Date(iso) : null);

/** A message (as GET /sms/{id} answers it) in Twilio's JSON: `uri`s relative to the base URL, as Twilio's are. */
export function twilioMessageOf(r: Sms, company_uuid: string): TwilioMessage {
  const account = accountSidOf(company_uuid);
  const sid = messageSidOf(r.sms_uuid);
  const uri = `/${TWILIO_API_VERSION}/Accounts/${account}/Messages/${sid}`;
  const err = errorOf(r);
  return {
    sid,
    account_sid: account,
    api_version: TWILIO_API_VERSION,
    messaging_service_sid: null,
    to: r.dnis,
    from: r.ani,
    body: r.text,
    status: TWILIO_STATUS_OF[r.status],
    direction: r.is_received ? 'inbound' : 'outbound-api',
    num_segments: String(r.segments),
    num_media: '0',
    price: twilioPrice(r.price),
    price_unit: r.currency,
    error_code: err.code,
    error_message: err.message,
    date_created: rfc2822(dateOf(r.created_on)),
    date_updated: rfc2822(dateOf(r.delivered_on ?? r.sent_on ?? r.created_on)),
    date_sent: rfc2822(dateOf(r.sent_on)),
    uri: `${uri}.json`,
    subresource_uris: { media: `${uri}/Media.json` },
  };
}

/** Twilio's error answer: its code, words, the code's page in Twilio's docs and the HTTP status. */
export const twilioError = (status: number, code: number, message: string): TwilioError => ({
  code,
  message,
  more_info: `https://www.twilio.com/docs/errors/${code}`,
  status,
});
