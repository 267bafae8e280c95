// Secrets the server must present to others (SMSC connection passwords) cannot be hashed: they are
// sealed with AES-256-GCM under the server's key and opened only where they are used (the gateway's
// configuration). The key comes from SECRET_KEY (or BuildOptions.secretKey); without one, the embedded
// default keeps a generated key beside its data directory, and an in-memory database uses a key of
// the process (its data dies with it).
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const PREFIX = 'enc:v1:';
const IV = 12;
const TAG = 16;

export interface SecretBox {
  /** plain text → `enc:v1:` + base64(iv | tag | ciphertext) */
  seal(plain: string): string;
  /** throws when the value was not sealed by this key for this purpose (a changed SECRET_KEY, a tampered row) */
  open(sealed: string): string;
  isSealed(value: string): boolean;
}

/** The key's text: 64 hex digits or base64 of 32 bytes (`openssl rand -hex 32`). */
export function parseSecretKey(text: string): Buffer {
  const t = text.trim();
  if (/^[0-9a-fA-F]{64}$/.test(t)) return Buffer.from(t, 'hex');
  if (/^[A-Za-z0-9+/]{43}=?$/.test(t)) {
    const b = Buffer.from(t, 'base64');
    if (b.length === 32) return b;
  }
  throw new Error('SECRET_KEY must be 32 bytes: 64 hex digits or base64 (e.g. `openssl rand -hex 32`)');
}

/**
 * A box for one purpose: the purpose is authenticated with each value (GCM's additional data), so a
 * value sealed for one use does not open as another.
 */
export function secretBox(key: Buffer, purpose: string): SecretBox {
  if (key.length !== 32) throw new Error('an AES-256 key is 32 bytes');
  const aad = Buffer.from(purpose, 'utf8');
  return {
    seal(plain) {
      const iv = randomBytes(IV);
      const c = createCipheriv('aes-256-gcm', key, iv);
      c.setAAD(aad);
      const body = Buffer.concat([c.update(plain, 'utf8'), c.final()]);
      return PREFIX + Buffer.concat([iv, c.getAuthTag(), body]).toString('base64');
    },
    open(sealed) {
      if (!sealed.startsWith(PREFIX)) throw new Error('not a sealed value');
      const raw = Buffer.from(sealed.slice(PREFIX.length), 'base64');
      if (raw.length < IV + TAG) throw new Error('a sealed value too short');
      const d = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV));
      d.setAAD(aad);
      d.setAuthTag(raw.subarray(IV, IV + TAG));
      return Buffer.concat([d.update(raw.subarray(IV + TAG)), d.final()]).toString('utf8');
    },
    isSealed: (value) => value.startsWith(PREFIX),
  };
}

const PROCESS_KEY = randomBytes(32);

/**
 * The server's key: SECRET_KEY / the given text; otherwise for an in-memory database the process's
 * own; otherwise `secret.key` beside the data directory, generated (0600) on first start.
 */
export function loadSecretKey(o: { secretKey?: string; dataDir: string }, warn: (msg: string) => void): Buffer {
  if (o.secretKey) return parseSecretKey(o.secretKey);
  if (o.dataDir === 'memory') return PROCESS_KEY;
  const file = path.join(path.dirname(path.resolve(o.dataDir)), 'secret.key');
  if (existsSync(file)) return parseSecretKey(readFileSync(file, 'utf8'));
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  try {
    writeFileSync(file, `${key.toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (e) {
    // another process created it first: use that one
    if ((e as NodeJS.ErrnoException).code === 'EEXIST') return parseSecretKey(readFileSync(file, 'utf8'));
    throw e;
  }
  warn(
    `SECRET_KEY not set: generated ${file} (keep it with the data; without it stored SMSC passwords cannot be read)`,
  );
  return key;
}

/**
 * A keyed one-way name for a value (HMAC-SHA256 under the server key and a purpose): rows can find the same
 * value again without holding it (an erased phone number's blocks and tokens, privacy/service.ts).
 */
export function keyedHash(key: Buffer, purpose: string): (value: string) => string {
  return (value) => createHmac('sha256', key).update(`${purpose}\0${value}`).digest('hex');
}
