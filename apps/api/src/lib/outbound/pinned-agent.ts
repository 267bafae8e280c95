// Connections to customer-supplied hosts: the name is resolved once, every answer classified, and the
// connection made to exactly the address that was checked. Resolving once for a check and again for the
// connection would let a name answer a public address to the first and 127.0.0.1 to the second.
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';
import { Agent } from 'undici';
import { classifyAddress } from './address-policy';

export interface ResolvedAddress {
  address: string;
  family: number;
}
export type Resolve = (host: string) => Promise<ResolvedAddress[]>;

export const systemResolve: Resolve = (host) => lookup(host, { all: true, verbatim: true });

/** A refusal of the target itself (not a network failure): the delivery log shows its message. */
export class OutboundRefused extends Error {
  override name = 'OutboundRefused';
}

/**
 * The one address a connection to `host` may use: refused when any address the name has is not public
 * unicast (a name with one private answer among public ones is a rebinding or split-horizon trap).
 */
export async function resolvePublic(host: string, resolve: Resolve, allowPrivate = false): Promise<ResolvedAddress> {
  const answers = await resolve(host);
  if (!answers.length) throw new OutboundRefused(`${host} has no address`);
  if (allowPrivate) return answers[0];
  let pinned: string | undefined;
  for (const a of answers) {
    const v = classifyAddress(a.address);
    if (!v.ok) throw new OutboundRefused(`${host} resolves to ${v.reason}; webhooks go to public endpoints only`);
    pinned ??= v.address;
  }
  const address = pinned as string;
  return { address, family: isIP(address) };
}

/** A `net` lookup that answers only the checked address (in the single or the `all` form net asks for). */
export function pinnedLookup(resolve: Resolve, allowPrivate = false): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, resolve, allowPrivate).then(
      ({ address, family }) => {
        if ((options as { all?: boolean }).all)
          (callback as (e: null, a: ResolvedAddress[]) => void)(null, [{ address, family }]);
        else callback(null, address, family);
      },
      (err: Error) => callback(err as NodeJS.ErrnoException, '', 0),
    );
  };
}

/** An undici dispatcher whose every connection goes through the pinned lookup. */
export function pinnedAgent(resolve: Resolve = systemResolve, allowPrivate = false): Agent {
  return new Agent({ connect: { lookup: pinnedLookup(resolve, allowPrivate) } });
}
