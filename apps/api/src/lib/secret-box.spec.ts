import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { loadSecretKey, parseSecretKey, secretBox } from './secret-box';

describe('secret box (AES-256-GCM)', () => {
  const key = randomBytes(32);

  it('seals to a fresh value each time and opens it back; the plain text appears nowhere in it', () => {
    const box = secretBox(key, 'smsc_connections.password');
    const a = box.seal('s3cret pass');
    const b = box.seal('s3cret pass');
    expect(a).not.toBe(b);
    expect(a.startsWith('enc:v1:')).toBe(true);
    expect(a).not.toContain('s3cret');
    expect(box.open(a)).toBe('s3cret pass');
    expect(box.open(b)).toBe('s3cret pass');
    expect(box.isSealed(a)).toBe(true);
    expect(box.isSealed('s3cret pass')).toBe(false);
  });

  it('refuses another key, another purpose, a tampered value and a plain one', () => {
    const sealed = secretBox(key, 'p').seal('pw');
    expect(() => secretBox(randomBytes(32), 'p').open(sealed)).toThrow();
    expect(() => secretBox(key, 'other').open(sealed)).toThrow();
    const raw = Buffer.from(sealed.slice('enc:v1:'.length), 'base64');
    raw[raw.length - 1] ^= 1;
    expect(() => secretBox(key, 'p').open(`enc:v1:${raw.toString('base64')}`)).toThrow();
    expect(() => secretBox(key, 'p').open('pw')).toThrow('not a sealed value');
  });

  it('reads a key as 64 hex digits or base64 of 32 bytes and refuses anything else', () => {
    expect(parseSecretKey(key.toString('hex'))).toEqual(key);
    expect(parseSecretKey(key.toString('base64'))).toEqual(key);
    for (const bad of ['short', 'x'.repeat(64), randomBytes(16).toString('hex')])
      expect(() => parseSecretKey(bad)).toThrow('SECRET_KEY must be 32 bytes');
  });

  it('generates the embedded default key once beside the data directory (0600) and reuses it', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'secret-key-'));
    try {
      const warned: string[] = [];
      const first = loadSecretKey({ dataDir: path.join(dir, 'pglite') }, (m) => warned.push(m));
      const file = path.join(dir, 'secret.key');
      expect(readFileSync(file, 'utf8').trim()).toBe(first.toString('hex'));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      expect(warned).toHaveLength(1);
      expect(loadSecretKey({ dataDir: path.join(dir, 'pglite') }, (m) => warned.push(m))).toEqual(first);
      expect(warned).toHaveLength(1);
      // SECRET_KEY wins over the file; a memory database keeps one key per process
      expect(
        loadSecretKey({ dataDir: path.join(dir, 'pglite'), secretKey: key.toString('hex') }, () => undefined),
      ).toEqual(key);
      expect(loadSecretKey({ dataDir: 'memory' }, () => undefined)).toEqual(
        loadSecretKey({ dataDir: 'memory' }, () => undefined),
      );
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
