// DID webhooks: how a delivery is signed and which targets it may reach. Plain functions, no I/O.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { isIP } from 'node:net';

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
export function verifyWebhook(secret: string, timestamp: number, body: string, signature: string, now = Date.now(), toleranceS = 300): boolean {
  if (!Number.isFinite(timestamp) || Math.abs(now / 1000 - timestamp) > toleranceS) return false;
  const want = Buffer.from(signWebhook(secret, timestamp, body));
  const got = Buffer.from(signature);
  return want.length === got.length && timingSafeEqual(want, got);
}

/** Seconds to wait before attempt n (2, 3, 4); null after the last one. */
export function retryDelay(attempt: number, delays: readonly number[] = [2, 10, 60]): number | null {
  return attempt >= 1 && attempt <= delays.length ? delays[attempt - 1] : null;
}

function privateV4(ip: string): boolean {
  const [a, b] = ip.split('.').map(Number);
  return a === 0 || a === 10 || a === 127 || (a === 169 && b === 254) || (a === 172 && b >= 16 && b <= 31) || (a === 192 && b === 168)
    || (a === 100 && b >= 64 && b <= 127) || a >= 224;
}

/**
 * True for an address a customer's webhook must not reach: loopback, private, link-local (cloud metadata),
 * carrier-grade NAT, multicast, and their IPv6 forms. Without this a webhook is a way into the platform's
 * own admin ports (Kannel's among them).
 */
export function isPrivateAddress(ip: string): boolean {
  const kind = isIP(ip);
  if (kind === 4) return privateV4(ip);
  if (kind !== 6) return true;
  const v6 = ip.toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(v6);
  if (mapped) return privateV4(mapped[1]);
  return v6 === '::' || v6 === '::1' || v6.startsWith('fc') || v6.startsWith('fd') || v6.startsWith('fe8') || v6.startsWith('fe9')
    || v6.startsWith('fea') || v6.startsWith('feb') || v6.startsWith('ff');
}
