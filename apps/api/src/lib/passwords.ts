import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { PASSWORD_MIN_LENGTH } from '@smsc/shared-contract';
import { HttpError } from './http-error';

const scrypt = (pw: string, salt: Buffer, len: number, o: ScryptOptions) =>
  new Promise<Buffer>((res, rej) => scryptCb(pw, salt, len, o, (e, k) => (e ? rej(e) : res(k))));

// N=2^14 is the OWASP floor for scrypt and keeps a login under ~50 ms.
const PARAMS = { N: 16384, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const DENY = new Set(['password', 'password1', '12345678', '123456789', '1234567890', 'qwertyuiop', 'qwerty123', 'iloveyou', 'letmein1', 'admin123', 'welcome1', 'abc12345', 'passw0rd', 'football', 'baseball', '11111111', '00000000']);

/** Throws a 400 when the password is too short or a well-known one. */
export function checkPasswordPolicy(pw: string): void {
  if (pw.length < PASSWORD_MIN_LENGTH) throw new HttpError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (DENY.has(pw.toLowerCase())) throw new HttpError(400, 'Password is too common');
}

export async function hashPassword(pw: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scrypt(pw, salt, 32, PARAMS);
  return `scrypt$${PARAMS.N}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const [alg, n, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !salt || !key) return false;
  const expected = Buffer.from(key, 'base64');
  const got = await scrypt(pw, Buffer.from(salt, 'base64'), expected.length, { ...PARAMS, N: Number(n) });
  return timingSafeEqual(expected, got);
}

/** A hash of a random password: used to spend equal time on unknown e-mails at login. */
export const DUMMY_HASH_PROMISE = hashPassword(randomBytes(12).toString('hex'));
