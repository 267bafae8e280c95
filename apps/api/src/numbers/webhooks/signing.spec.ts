import { isPrivateAddress, signWebhook, verifyWebhook } from './signing';

describe('DID webhook signing (the deprecated x-smsc-signature)', () => {
  const secret = 'whsec_test';
  const body = '{"event":"sms.received","text":"hi"}';
  const now = Date.UTC(2026, 10, 25, 12, 0, 0);
  const ts = now / 1000;

  it('signs the timestamp and body together, and verifies only the exact pair within five minutes', () => {
    const sig = signWebhook(secret, ts, body);
    expect(sig).toMatch(/^v1=[0-9a-f]{64}$/);
    expect(verifyWebhook(secret, ts, body, sig, now)).toBe(true);
    expect(verifyWebhook(secret, ts, body.replace('hi', 'ho'), sig, now)).toBe(false);
    expect(verifyWebhook(secret, ts + 1, body, sig, now)).toBe(false);
    expect(verifyWebhook('whsec_other', ts, body, sig, now)).toBe(false);
    expect(verifyWebhook(secret, ts, body, sig, now + 301_000)).toBe(false);
    expect(verifyWebhook(secret, ts, body, 'v1=00', now)).toBe(false);
  });

  it('refuses loopback, private, link-local and mapped addresses, and lets public ones through', () => {
    for (const ip of [
      '127.0.0.1',
      '10.1.2.3',
      '172.20.0.1',
      '192.168.1.1',
      '169.254.169.254',
      '100.64.0.1',
      '0.0.0.0',
      '::1',
      'fd00::1',
      'fe80::1',
      '::ffff:127.0.0.1',
      // the forms the WHATWG URL parser and DNS answers produce, and other embeddings of IPv4
      '::ffff:7f00:1',
      '::ffff:a9fe:a9fe',
      '::ffff:a00:1',
      '::7f00:1',
      '64:ff9b::7f00:1',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      'fec0::1',
      '2001:db8::1',
      '192.0.2.1',
      '198.18.0.1',
      '168.63.129.16',
      'fd00:ec2::254',
      'not-an-ip',
    ]) {
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, true]);
    }
    for (const ip of ['8.8.8.8', '172.32.0.1', '2001:4860:4860::8888', '::ffff:1.1.1.1'])
      expect([ip, isPrivateAddress(ip)]).toEqual([ip, false]);
  });
});
