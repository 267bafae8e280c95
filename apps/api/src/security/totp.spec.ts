import { TOTP, Secret } from 'otpauth';
import {
  hashRecoveryCode,
  matchStep,
  newRecoveryCodes,
  newTotpSecret,
  otpauthUrl,
  qrDataUrl,
  totpNow,
  TOTP_PERIOD,
} from './totp';

describe('totp engine', () => {
  const secret = newTotpSecret();
  const at = Date.UTC(2026, 10, 25, 12, 0, 10);
  const step = Math.floor(at / 1000 / TOTP_PERIOD);

  it('makes 160-bit base32 secrets, different each time', () => {
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(newTotpSecret()).not.toBe(secret);
  });

  it('agrees with an independent RFC 6238 generator and names the step of the code', () => {
    const app = new TOTP({ secret: Secret.fromBase32(secret), digits: 6, period: 30, algorithm: 'SHA1' });
    const code = app.generate({ timestamp: at });
    expect(totpNow(secret, at)).toBe(code);
    expect(matchStep(secret, code, at)).toBe(step);
  });

  it('accepts one step of drift either side and nothing further', () => {
    expect(matchStep(secret, totpNow(secret, at - 30_000), at)).toBe(step - 1);
    expect(matchStep(secret, totpNow(secret, at + 30_000), at)).toBe(step + 1);
    expect(matchStep(secret, totpNow(secret, at - 90_000), at)).toBeNull();
    expect(matchStep(secret, 'abcdef', at)).toBeNull();
    expect(matchStep(newTotpSecret(), totpNow(secret, at), at)).toBeNull();
  });

  it('checks the RFC 6238 SHA-1 test vector (T = 59 s, 8 digits 94287082 → last six 287082)', () => {
    // secret "12345678901234567890" in ASCII
    const rfc = new Secret({ buffer: new TextEncoder().encode('12345678901234567890').buffer as ArrayBuffer }).base32;
    expect(totpNow(rfc, 59_000)).toBe('287082');
  });

  it('builds an otpauth URL and an SVG QR data URL', async () => {
    const url = otpauthUrl(secret, 'ann@example.com');
    expect(url).toContain(`secret=${secret}`);
    expect(url).toContain('issuer=SMSC%20Console');
    const qr = await qrDataUrl(url);
    expect(qr.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(qr.split(',')[1], 'base64').toString()).toContain('<svg');
  });

  it('makes 10 distinct recovery codes whose hash ignores case and dashes', () => {
    const codes = newRecoveryCodes();
    expect(codes).toHaveLength(10);
    expect(new Set(codes).size).toBe(10);
    for (const c of codes) expect(c).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    expect(hashRecoveryCode(codes[0].toUpperCase().replace('-', ' '))).toBe(hashRecoveryCode(codes[0]));
    expect(hashRecoveryCode(codes[0])).not.toBe(hashRecoveryCode(codes[1]));
    expect(hashRecoveryCode(codes[0])).not.toContain(codes[0].replace('-', ''));
  });
});
