// The old DID webhook signature (x-smsc-timestamp, x-smsc-signature), still sent beside the Standard Webhooks
// headers on DID webhooks during their deprecation period (docs/webhooks.md, "DID webhooks"). Plain functions.
import { createHmac, timingSafeEqual } from 'node:crypto';

export const LEGACY_SIGNATURE_HEADER = 'x-smsc-signature';
export const LEGACY_TIMESTAMP_HEADER = 'x-smsc-timestamp';

/**
 * v1=HMAC-SHA256(secret, "<unix seconds>.<body>") in hex, the secret's text as the key: what DID webhooks sent
 * before migration 510, unchanged so their receivers keep verifying until they move to webhook-signature.
 */
export function signLegacy(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** The receiver's check of the old header (tests; the old docs' recipe). */
export function verifyLegacy(
  secret: string,
  timestamp: number,
  body: string,
  signature: string,
  now = Date.now(),
  toleranceS = 300,
): boolean {
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceS) return false;
  const want = Buffer.from(signLegacy(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}
