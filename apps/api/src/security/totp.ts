// Two-factor engine: plain functions (no Fastify, no database), unit-tested in totp.spec.ts.
import { createHash, randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD = 30;
export const RECOVERY_CODE_COUNT = 10;
const ISSUER = 'SMSC Console';

const totpFor = (base32: string, label = '', issuer = ISSUER) =>
  new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: TOTP_PERIOD,
    secret: Secret.fromBase32(base32),
  });

/** A fresh 160-bit secret (RFC 4226's recommended length), base32 as authenticator apps take it. */
export function newTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

/** `issuer`: the name the authenticator app lists the account under (the user's brand; ours by default). */
export function otpauthUrl(base32: string, account: string, issuer = ISSUER): string {
  return totpFor(base32, account, issuer).toString();
}

/** The otpauth URL as an SVG QR code in a data URL, ready for an <img>. */
export async function qrDataUrl(text: string): Promise<string> {
  const svg = await QRCode.toString(text, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 });
  return `data:image/svg+xml;base64,${Buffer.from(svg).toString('base64')}`;
}

/** The current code (tests and the e2e journey compute it the same way an app does). */
export function totpNow(base32: string, at = Date.now()): string {
  return totpFor(base32).generate({ timestamp: at });
}

/**
 * The time step a code belongs to, or null when it is wrong. One step either side is accepted for
 * clock drift; the caller refuses a step at or before the last one used, so a code works only once.
 */
export function matchStep(base32: string, code: string, at = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpFor(base32).validate({ token: code, timestamp: at, window: 1 });
  return delta === null ? null : Math.floor(at / 1000 / TOTP_PERIOD) + delta;
}

// Recovery codes: 10 characters from an alphabet without look-alikes (0/o, 1/l/i), shown as xxxxx-xxxxx.
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export function newRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  return Array.from({ length: count }, () => {
    const raw = Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
    return `${raw.slice(0, 5)}-${raw.slice(5)}`;
  });
}

/** Only this hash is stored; spaces, dashes and case typed by the user do not matter. */
export function hashRecoveryCode(code: string): string {
  const plain = code.toLowerCase().replace(/[^a-z0-9]/g, '');
  return createHash('sha256').update(`recovery:${plain}`).digest('hex');
}
