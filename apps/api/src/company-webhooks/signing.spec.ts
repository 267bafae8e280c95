import { createHmac } from 'node:crypto';
import { backoff } from '../lib/outbound/backoff';
import { newSecret, secretHint, signPayload, verifyPayload } from './signing';

describe('Standard Webhooks signing', () => {
  const now = Date.UTC(2026, 10, 26, 12, 0, 0);
  const ts = now / 1000;
  const body = '{"type":"message.status","data":{"status":"delivered"}}';

  it('signs id.timestamp.body with the base64-decoded secret, as the scheme specifies', () => {
    const key = Buffer.from('a secret key of thirty-two bytes');
    const secret = `whsec_${key.toString('base64')}`;
    const expected = createHmac('sha256', key).update(`msg_1.${ts}.${body}`).digest('base64');
    expect(signPayload(secret, 'msg_1', ts, body)).toBe(`v1,${expected}`);
  });

  it('verifies only the exact id, timestamp and body, within five minutes, among several signatures', () => {
    const secret = newSecret();
    const signature = signPayload(secret, 'msg_2', ts, body);
    const h = { id: 'msg_2', timestamp: String(ts), signature };
    expect(verifyPayload(secret, h, body, now)).toBe(true);
    expect(verifyPayload(secret, { ...h, signature: `v1,AAAA ${signature}` }, body, now)).toBe(true);
    expect(verifyPayload(secret, { ...h, id: 'msg_3' }, body, now)).toBe(false);
    expect(verifyPayload(secret, h, body.replace('delivered', 'failed'), now)).toBe(false);
    expect(verifyPayload(newSecret(), h, body, now)).toBe(false);
    expect(verifyPayload(secret, h, body, now + 301_000)).toBe(false);
  });

  it('makes whsec_ secrets of 32 random bytes and shows only their ends', () => {
    const s = newSecret();
    expect(s).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(Buffer.from(s.slice(6), 'base64')).toHaveLength(32);
    expect(secretHint('whsec_abcdefghijklmnop')).toBe('whsec_ab…mnop');
  });

  it('backs off exponentially and gives up after the last attempt', () => {
    const o = { baseSeconds: 5, maxAttempts: 4 };
    expect([1, 2, 3, 4].map((n) => backoff(n, o))).toEqual([5, 20, 80, null]);
    expect(backoff(9, { baseSeconds: 5, maxAttempts: 20, capSeconds: 3600 })).toBe(3600);
  });
});
