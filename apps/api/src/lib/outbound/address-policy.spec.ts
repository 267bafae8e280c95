import { checkOutboundUrl, classifyAddress } from './address-policy';

describe('outbound address policy', () => {
  it('refuses every non-public address, including IPv4 carried inside IPv6', () => {
    const refused = [
      // IPv4 blocks
      '0.0.0.0',
      '10.1.2.3',
      '100.64.0.1',
      '127.0.0.1',
      '127.255.255.254',
      '169.254.169.254',
      '169.254.170.2',
      '172.16.0.1',
      '172.31.255.255',
      '192.0.0.192',
      '192.0.2.10',
      '192.88.99.1',
      '192.168.1.1',
      '198.18.0.1',
      '198.51.100.7',
      '203.0.113.9',
      '224.0.0.1',
      '239.255.255.250',
      '240.0.0.1',
      '255.255.255.255',
      // cloud metadata at public addresses
      '168.63.129.16',
      '100.100.100.200',
      // IPv4 in other textual forms
      '2130706433',
      '0177.0.0.1',
      '0x7f.1',
      '127.1',
      '0x7f000001',
      // IPv6 blocks
      '::',
      '::1',
      '[::1]',
      'fe80::1',
      'fec0::1',
      'fc00::1',
      'fd00::1',
      'fd00:ec2::254',
      'ff02::1',
      '2001:db8::1',
      '3fff::1',
      '2001:2::1',
      '100::1',
      // IPv4-mapped, dotted and hex, bracketed or not
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '[::ffff:7f00:1]',
      '0:0:0:0:0:ffff:7f00:1',
      '::ffff:169.254.169.254',
      '::ffff:a9fe:a9fe',
      '::ffff:10.0.0.1',
      // IPv4-compatible and IPv4-translated
      '::127.0.0.1',
      '::7f00:1',
      '::ffff:0:7f00:1',
      // NAT64 (well-known and local-use), 6to4, Teredo
      '64:ff9b::7f00:1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b:1::a00:1',
      '2002:7f00:1::1',
      '2002:a9fe:a9fe::1',
      '2001:0:4136:e378:8000:63bf:80ff:fffe', // Teredo, client 127.0.0.1 (inverted)
      // zone ids, garbage
      'fe80::1%eth0',
      'not-an-ip',
      '',
    ];
    for (const ip of refused) expect([ip, classifyAddress(ip).ok]).toEqual([ip, false]);
  });

  it('says what a refused address is, naming the IPv4 address inside an IPv6 one', () => {
    expect(classifyAddress('::ffff:7f00:1')).toMatchObject({
      ok: false,
      reason: '::ffff:7f00:1 is IPv4-mapped for 127.0.0.1, a loopback address',
    });
    expect(classifyAddress('64:ff9b::a9fe:a9fe')).toMatchObject({
      reason: expect.stringMatching(/NAT64 for 169\.254\.169\.254, a cloud metadata address/),
    });
    expect(classifyAddress('2002:0808:0808::1')).toMatchObject({
      ok: false,
      reason: expect.stringMatching(/6to4 address; give the IPv4 address/),
    });
  });

  it('allows public unicast, and answers a mapped address as its IPv4 form', () => {
    for (const ip of ['8.8.8.8', '1.1.1.1', '172.32.0.1', '100.128.0.1', '2001:4860:4860::8888', '2606:4700::1111'])
      expect([ip, classifyAddress(ip).ok]).toEqual([ip, true]);
    expect(classifyAddress('::ffff:808:808')).toEqual({ ok: true, address: '8.8.8.8' });
  });

  it('checks a URL as text: every literal form of a private address, local names, schemes and credentials', () => {
    for (const url of [
      'http://127.0.0.1/hook',
      'http://2130706433/hook',
      'http://0177.0.0.1/hook',
      'http://0x7f.1/hook',
      'http://127.1/hook',
      'http://0x7f000001:8080/hook',
      'http://[::1]/hook',
      'http://[::ffff:127.0.0.1]/hook',
      'http://[::ffff:7f00:1]/hook',
      'http://[0:0:0:0:0:ffff:7f00:1]:3000/',
      'http://[64:ff9b::7f00:1]/',
      'http://[2002:7f00:1::1]/',
      'http://[fec0::1]/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fd00:ec2::254]/',
      'http://metadata.google.internal/computeMetadata/v1/',
      'http://localhost:3000/',
      'http://api.localhost/',
      'http://intranet/',
      'http://printer.local/',
      'ftp://example.com/',
      'http://user:pw@example.com/',
      'not a url',
    ])
      expect([url, checkOutboundUrl(url).ok]).toEqual([url, false]);
    expect(checkOutboundUrl('https://hooks.example.com/in?x=1')).toMatchObject({ ok: true, literal: null });
    expect(checkOutboundUrl('http://8.8.8.8/')).toMatchObject({ ok: true, literal: '8.8.8.8' });
    expect(checkOutboundUrl('http://127.0.0.1:9/', { allowPrivate: true }).ok).toBe(true);
  });
});
