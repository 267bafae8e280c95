// DID webhooks: how a delivery is signed and which targets it may reach. Plain functions, no I/O.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { classifyAddress } from '../../lib/outbound/address-policy';

export const SIGNATURE_HEADER = 'x-smsc-signature';
export const TIMESTAMP_HEADER = 'x-smsc-timestamp';

export const newSecret = () => `whsec_${randomBytes(24).toString('base64url')}`;
/** What the console may show of a secret after it was handed out once. */
export const secretHint = (secret: string) => `${secret.slice(0, 6)}…${secret.slice(-4)}`;

/**
 * v1=HMAC-SHA256(secret, "<unix seconds>.<body>") in hex. The timestamp is inside the signed text, so a
 * receiver that rejects old timestamps (say > 5 minutes) also rejects replays of a captured delivery.
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check, documented in apps/api/README.md and used by the tests. */
export function verifyWebhook(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
  now = Date.now(),
  toleranceS = 300,
): boolean {
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceS) return false;
  const want = Buffer.from(signWebhook(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/**
 * True for an address a customer's webhook must not reach (anything but public unicast, in any textual
 * form). Without this a webhook is a way into the platform's own admin ports (Kannel's among them).
 */
export const isPrivateAddress = (ip: string): boolean => !classifyAddress(ip).ok;
