// allowed_ips: addresses or CIDR ranges (IPv4 or IPv6) a bind may come from; an empty list allows any.
import { BlockList, isIP } from 'node:net';

/** The socket's address without the IPv4-in-IPv6 prefix (::ffff:10.0.0.1 → 10.0.0.1). */
export const plainAddress = (a: string | undefined) => (a ?? '').replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/** A CIDR or address as [network, prefix, family], or null when it is neither. */
export function parseCidr(text: string): [string, number, 'ipv4' | 'ipv6'] | null {
  const [addr, bits, extra] = text.trim().split('/');
  if (extra !== undefined) return null;
  const v = isIP(addr);
  if (!v) return null;
  const max = v === 4 ? 32 : 128;
  const prefix = bits === undefined ? max : /^\d{1,3}$/.test(bits) ? Number(bits) : NaN;
  if (!Number.isInteger(prefix) || prefix < 0 || prefix > max) return null;
  return [addr, prefix, v === 4 ? 'ipv4' : 'ipv6'];
}

/** The entries of a list that are not CIDRs or addresses. */
export const badCidrs = (list: string[]) => list.filter((c) => !parseCidr(c));

export function ipAllowed(list: string[], remote: string): boolean {
  if (!list.length) return true;
  const addr = plainAddress(remote);
  const v = isIP(addr);
  if (!v) return false;
  const block = new BlockList();
  for (const c of list) {
    const p = parseCidr(c);
    if (p) block.addSubnet(p[0], p[1], p[2]);
  }
  return block.check(addr, v === 4 ? 'ipv4' : 'ipv6');
}
