// The Standard Webhooks scheme (standardwebhooks.com): what a company webhook delivery carries and how a
// receiver checks it. Plain functions, no I/O.
import { createHmac, createSecretKey, randomBytes, timingSafeEqual, type KeyObject } from 'node:crypto';

export const ID_HEADER = 'webhook-id';
export const TIMESTAMP_HEADER = 'webhook-timestamp';
export const SIGNATURE_HEADER = 'webhook-signature';

const PREFIX = 'whsec_';

/** whsec_ + base64 of 32 random bytes: the key is the decoded bytes, as Standard Webhooks libraries read it. */
export const newSecret = () => `${PREFIX}${randomBytes(32).toString('base64')}`;

/** What a list may show of a secret after it was handed out once. */
export const secretHint = (secret: string) => `${secret.slice(0, PREFIX.length + 2)}…${secret.slice(-4)}`;

/**
 * The HMAC key of a secret, kept: a KeyObject made once signs several times faster than raw key bytes, which
 * Node checks and copies into a new key on every createHmac (a tenth of the dispatcher's CPU per event).
 */
const keys = new Map<string, KeyObject>();
function keyOf(secret: string): KeyObject {
  let key = keys.get(secret);
  if (!key) {
    key = createSecretKey(Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64'));
    // a secret per company: bounded anyway, so rotated secrets cannot pile up
    if (keys.size >= 10_000) keys.clear();
    keys.set(secret, key);
  }
  return key;
}

/** `v1,` + base64(HMAC-SHA256(key, "<id>.<unix seconds>.<body>")). */
export function signPayload(secret: string, id: string, timestamp: number, body: string): string {
  return `v1,${createHmac('sha256', keyOf(secret)).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

/**
 * The receiver's check: one of the space-separated signatures matches, and the timestamp is within the tolerance
 * (a captured delivery cannot be replayed later). Tests and docs/webhooks.md use it.
 */
export function verifyPayload(
  secret: string,
  headers: { id: string; timestamp: string; signature: string },
  body: string,
  now = Date.now(),
  toleranceS = 300,
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isInteger(ts) || Math.abs(now / 1000 - ts) > toleranceS) return false;
  const want = Buffer.from(signPayload(secret, headers.id, ts, body));
  return headers.signature.split(' ').some((sig) => {
    const got = Buffer.from(sig);
    return got.length === want.length && timingSafeEqual(got, want);
  });
}
