import { randomBytes, scrypt as scryptCb, timingSafeEqual, type ScryptOptions } from 'node:crypto';
import { dictionary } from '@zxcvbn-ts/language-common';
import { PASSWORD_MIN_LENGTH } from '@smsc/shared-contract';
import { HttpError } from './http-error';

/**
 * owasp: scrypt N=2^17, r=8, p=1 (OWASP's floor for scrypt). fast: N=2^10, for test runs and local
 * development only; production refuses it (config.ts), and a hash made with it is replaced by an owasp
 * one at the next sign-in on a server that runs at owasp cost.
 */
export type PasswordHashCost = 'owasp' | 'fast';

interface ScryptParams {
  ln: number;
  r: number;
  p: number;
}
const COSTS: Record<PasswordHashCost, ScryptParams> = {
  owasp: { ln: 17, r: 8, p: 1 },
  fast: { ln: 10, r: 8, p: 1 },
};
// A stored hash names its own cost; these bounds keep a corrupt or hostile row from asking for gigabytes.
const MAX_LN = 20;
const MAX_R = 16;
const MAX_P = 4;
const KEY_LENGTH = 32;

// crypto.scrypt runs on libuv's thread pool, so hashing never blocks the event loop.
const scrypt = (pw: string, salt: Buffer, len: number, o: ScryptOptions) =>
  new Promise<Buffer>((res, rej) => scryptCb(pw, salt, len, o, (e, k) => (e ? rej(e) : res(k))));

/** OpenSSL needs room for 128·r·(N+2) bytes plus the p blocks; twice that leaves headroom. */
const options = ({ ln, r, p }: ScryptParams): ScryptOptions => ({
  N: 2 ** ln,
  r,
  p,
  maxmem: 2 * 128 * r * (2 ** ln + 2 + p),
});

const b64 = (b: Buffer) => b.toString('base64').replace(/=+$/, '');

/**
 * The common passwords of zxcvbn-ts' common dictionary (49,233 entries, from leaked-password frequency lists);
 * only those long enough to pass the length rule matter.
 */
const COMMON = new Set(
  dictionary['passwords-common'].filter((w) => w.length >= PASSWORD_MIN_LENGTH).map((w) => w.toLowerCase()),
);
export const COMMON_PASSWORD_COUNT = COMMON.size;

/** Throws a 400 when the password is too short or a well-known one. */
export function checkPasswordPolicy(pw: string): void {
  if (pw.length < PASSWORD_MIN_LENGTH)
    throw new HttpError(400, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`);
  if (COMMON.has(pw.toLowerCase())) throw new HttpError(400, 'Password is too common');
}

/** A PHC string: $scrypt$ln=17,r=8,p=1$<salt>$<hash> (unpadded base64), so every cost is read back from the hash. */
export async function hashPassword(pw: string, cost: PasswordHashCost): Promise<string> {
  const params = COSTS[cost];
  const salt = randomBytes(16);
  const key = await scrypt(pw, salt, KEY_LENGTH, options(params));
  return `$scrypt$ln=${params.ln},r=${params.r},p=${params.p}$${b64(salt)}$${b64(key)}`;
}

interface Parsed extends ScryptParams {
  salt: Buffer;
  key: Buffer;
}

function parse(stored: string): Parsed | null {
  const phc = /^\$scrypt\$ln=(\d{1,2}),r=(\d{1,2}),p=(\d)\$([A-Za-z0-9+/]+)\$([A-Za-z0-9+/]+)$/.exec(stored);
  if (phc) {
    const [, ln, r, p, salt, key] = phc;
    return { ln: +ln, r: +r, p: +p, salt: Buffer.from(salt, 'base64'), key: Buffer.from(key, 'base64') };
  }
  // the format before PHC strings: scrypt$N$salt$key, always r=8, p=1
  const legacy = /^scrypt\$(\d+)\$([A-Za-z0-9+/=]+)\$([A-Za-z0-9+/=]+)$/.exec(stored);
  if (legacy) {
    const ln = Math.log2(Number(legacy[1]));
    if (!Number.isInteger(ln)) return null;
    return { ln, r: 8, p: 1, salt: Buffer.from(legacy[2], 'base64'), key: Buffer.from(legacy[3], 'base64') };
  }
  return null;
}

export async function verifyPassword(pw: string, stored: string): Promise<boolean> {
  const h = parse(stored);
  if (!h || h.ln < 1 || h.ln > MAX_LN || h.r < 1 || h.r > MAX_R || h.p < 1 || h.p > MAX_P) return false;
  if (h.key.length < 16 || h.salt.length < 8) return false;
  const got = await scrypt(pw, h.salt, h.key.length, options(h));
  return timingSafeEqual(h.key, got);
}

/** True when the stored hash is of an older format or of other parameters than the server's cost. */
export function needsRehash(stored: string, cost: PasswordHashCost): boolean {
  const h = parse(stored);
  const want = COSTS[cost];
  return !h || !stored.startsWith('$scrypt$') || h.ln !== want.ln || h.r !== want.r || h.p !== want.p;
}

const dummies = new Map<PasswordHashCost, Promise<string>>();
/** A hash of a random password at the server's cost: spends equal time on unknown e-mails. */
export function dummyHash(cost: PasswordHashCost): Promise<string> {
  let d = dummies.get(cost);
  if (!d) {
    d = hashPassword(randomBytes(12).toString('hex'), cost);
    dummies.set(cost, d);
  }
  return d;
}
