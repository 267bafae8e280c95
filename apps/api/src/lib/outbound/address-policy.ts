// Which addresses a customer-supplied outbound URL (a DID webhook) may reach: public unicast only.
// One classifier for the check at save, the check at delivery and the address a connection is pinned to.
import ipaddr from 'ipaddr.js';

export type AddressVerdict = { ok: true; address: string } | { ok: false; address: string; reason: string };

type Ranges = [string, string][];

/** IPv4 blocks that are not public unicast (RFC 6890 and its successors), each with the word a refusal shows. */
const V4_REFUSED: Ranges = [
  ['0.0.0.0/8', 'unspecified ("this network")'],
  ['10.0.0.0/8', 'private'],
  ['100.64.0.0/10', 'carrier-grade NAT'],
  ['127.0.0.0/8', 'loopback'],
  ['169.254.0.0/16', 'link-local (cloud metadata)'],
  ['172.16.0.0/12', 'private'],
  ['192.0.0.0/24', 'IETF protocol assignments'],
  ['192.0.2.0/24', 'documentation'],
  ['192.31.196.0/24', 'AS112'],
  ['192.52.193.0/24', 'AMT'],
  ['192.88.99.0/24', '6to4 relay anycast'],
  ['192.168.0.0/16', 'private'],
  ['192.175.48.0/24', 'AS112'],
  ['198.18.0.0/15', 'benchmarking'],
  ['198.51.100.0/24', 'documentation'],
  ['203.0.113.0/24', 'documentation'],
  ['224.0.0.0/4', 'multicast'],
  ['240.0.0.0/4', 'reserved'],
  ['255.255.255.255/32', 'broadcast'],
];

/** Public addresses that answer as a cloud's instance metadata or host agent. */
const V4_METADATA = ['168.63.129.16', '100.100.100.200', '169.254.169.254', '169.254.170.2', '192.0.0.192'];

/**
 * IPv6 blocks refused outright. Everything outside 2000::/3 (global unicast) is refused as well, so this
 * list is what lies inside it, plus the names of the well-known blocks outside it for clearer messages.
 */
const V6_REFUSED: Ranges = [
  ['::/128', 'unspecified'],
  ['::1/128', 'loopback'],
  ['64:ff9b:1::/48', 'local-use NAT64'],
  ['100::/64', 'discard-only'],
  ['2001::/23', 'IETF protocol assignments (Teredo, benchmarking, ORCHID)'],
  ['2001:db8::/32', 'documentation'],
  ['3fff::/20', 'documentation'],
  ['5f00::/16', 'segment routing SIDs'],
  ['fc00::/7', 'unique-local'],
  ['fe80::/10', 'link-local'],
  ['fec0::/10', 'site-local'],
  ['ff00::/8', 'multicast'],
];
const V6_METADATA = ['fd00:ec2::254'];

const parsed = (ranges: Ranges) => ranges.map(([cidr, why]) => [ipaddr.parseCIDR(cidr), why] as const);
const V4 = parsed(V4_REFUSED);
const V6 = parsed(V6_REFUSED);
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');

const v4FromBytes = (b: number[]) => new ipaddr.IPv4(b);

/**
 * The IPv4 address an IPv6 address carries inside it, and how: IPv4-mapped (::ffff:a.b.c.d, whatever
 * its text), IPv4-compatible (::a.b.c.d), IPv4-translated (::ffff:0:a.b.c.d), NAT64 (64:ff9b::/96 and the
 * local-use 64:ff9b:1::/48), 6to4 (2002::/16) and Teredo (2001::/32: server and, inverted, client).
 */
export function embeddedV4(a: ipaddr.IPv6): { form: string; v4: ipaddr.IPv4[] } | null {
  const b = a.toByteArray();
  const zero = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  const last = v4FromBytes(b.slice(12, 16));
  if (zero(0, 10) && b[10] === 0xff && b[11] === 0xff) return { form: 'IPv4-mapped', v4: [last] };
  if (zero(0, 8) && b[8] === 0xff && b[9] === 0xff && zero(10, 12)) return { form: 'IPv4-translated', v4: [last] };
  if (zero(0, 12) && !zero(12, 16) && !(zero(12, 15) && b[15] === 1)) return { form: 'IPv4-compatible', v4: [last] };
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b) return { form: 'NAT64', v4: [last] };
  if (b[0] === 0x20 && b[1] === 0x02) return { form: '6to4', v4: [v4FromBytes(b.slice(2, 6))] };
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0 && b[3] === 0)
    return { form: 'Teredo', v4: [v4FromBytes(b.slice(4, 8)), v4FromBytes(b.slice(12, 16).map((x) => x ^ 0xff))] };
  return null;
}

function classifyV4(a: ipaddr.IPv4): string | null {
  const text = a.toString();
  if (V4_METADATA.includes(text)) return 'a cloud metadata address';
  const hit = V4.find(([range]) => a.match(range as [ipaddr.IPv4, number]));
  return hit ? `a ${hit[1]} address` : null;
}

function parse(text: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  const bare = text.replace(/^\[|\]$/g, '');
  // a zone id (fe80::1%eth0) names an interface of this host: never a public target
  if (bare.includes('%')) return null;
  try {
    return ipaddr.parse(bare);
  } catch {
    return null;
  }
}

/**
 * Public unicast or a refusal saying what the address is. Accepts every textual form ipaddr.js reads
 * (dotted, decimal, octal, hex, short IPv4; IPv6 with or without brackets); the address answered is
 * the canonical one a connection may use (an IPv4-mapped address answers its IPv4 form).
 */
export function classifyAddress(text: string): AddressVerdict {
  const a = parse(text);
  if (!a) return { ok: false, address: text, reason: `${text} is not an IP address` };
  if (a.kind() === 'ipv4') {
    const why = classifyV4(a as ipaddr.IPv4);
    return why
      ? { ok: false, address: a.toString(), reason: `${a.toString()} is ${why}` }
      : { ok: true, address: a.toString() };
  }
  const v6 = a as ipaddr.IPv6;
  const shown = v6.toString();
  const inner = embeddedV4(v6);
  if (inner) {
    const bad = inner.v4.map((v4) => [v4, classifyV4(v4)] as const).find(([, why]) => why);
    if (bad)
      return { ok: false, address: shown, reason: `${shown} is ${inner.form} for ${bad[0].toString()}, ${bad[1]}` };
    // a mapped address is its IPv4 address; the transition forms reach it through a relay: use the IPv4 address
    if (inner.form === 'IPv4-mapped') return { ok: true, address: inner.v4[0].toString() };
    return { ok: false, address: shown, reason: `${shown} is a ${inner.form} address; give the IPv4 address instead` };
  }
  if (V6_METADATA.includes(shown)) return { ok: false, address: shown, reason: `${shown} is a cloud metadata address` };
  const hit = V6.find(([range]) => v6.match(range as [ipaddr.IPv6, number]));
  if (hit) return { ok: false, address: shown, reason: `${shown} is a ${hit[1]} address` };
  if (!v6.match(GLOBAL_UNICAST))
    return { ok: false, address: shown, reason: `${shown} is not a global unicast address` };
  return { ok: true, address: shown };
}

/** Host names that always mean this machine or its private network, refused without asking DNS. */
const LOCAL_NAMES = /(^|\.)(localhost|local|internal|localdomain|home\.arpa|in-addr\.arpa|ip6\.arpa)\.?$/i;
const METADATA_NAMES = /^(metadata|metadata\.google\.internal|instance-data|instance-data\.ec2\.internal)\.?$/i;

export type UrlVerdict = { ok: true; url: URL; host: string; literal: string | null } | { ok: false; reason: string };

/**
 * The check of an outbound URL as text: http(s), no credentials, and a host that is either a public
 * unicast address (in any textual form: the WHATWG parser turns 2130706433, 0177.0.0.1, 0x7f.1 and
 * 127.1 into 127.0.0.1 and [::ffff:127.0.0.1] into [::ffff:7f00:1]) or a name that is not local.
 * A name is checked again, by what it resolves to, when a connection is made.
 */
export function checkOutboundUrl(text: string, opts: { allowPrivate?: boolean } = {}): UrlVerdict {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, reason: 'is not a valid URL' };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    return { ok: false, reason: 'must be an http or https URL' };
  if (url.username || url.password) return { ok: false, reason: 'must not carry a user name or password' };
  const host = url.hostname;
  const literal = host.startsWith('[') || /^[0-9.]+$/.test(host) || /^0x/i.test(host) ? host : null;
  if (opts.allowPrivate) return { ok: true, url, host, literal };
  if (literal !== null) {
    const v = classifyAddress(literal);
    if (!v.ok) return { ok: false, reason: `must reach a public address: ${v.reason}` };
    return { ok: true, url, host, literal: v.address };
  }
  if (!host.includes('.') || LOCAL_NAMES.test(host) || METADATA_NAMES.test(host))
    return { ok: false, reason: `must reach a public host: ${host} is a local name` };
  return { ok: true, url, host, literal: null };
}
