// Connections to customer-supplied hosts: the name is resolved once, every answer classified, and the
// connection made to exactly the address that was checked. Resolving once for a check and again for the
// connection would let a name answer a public address to the first and 127.0.0.1 to the second.
import { lookup } from 'node:dns/promises';
import { isIP, type LookupFunction, type Socket } from 'node:net';
import { Agent, buildConnector } from 'undici';
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

/** Requests written one after another on a connection before their answers, and connections per origin. */
export interface Pipelining {
  depth: number;
  connections: number;
}

/**
 * An undici dispatcher whose every connection goes through the pinned lookup. Pipelined, each connection
 * gathers what is written to it in one event-loop turn into one system call: undici writes each request on its own
 * (cork, write, uncork), so requests queued on one connection together would each cost a send of their own.
 */
export function pinnedAgent(resolve: Resolve = systemResolve, allowPrivate = false, pipelining?: Pipelining): Agent {
  const lookup = pinnedLookup(resolve, allowPrivate);
  if (!pipelining) return new Agent({ connect: { lookup } });
  const connect = buildConnector({ lookup } as buildConnector.BuildOptions);
  return new Agent({
    pipelining: pipelining.depth,
    connections: pipelining.connections,
    connect: (opts, callback) =>
      connect(opts, (err, socket) => {
        if (socket) writesPerTick(socket as Socket);
        (callback as (e: Error | null, s: typeof socket) => void)(err, socket);
      }),
  });
}

/** The socket's writes of one event-loop turn leave in one system call (cork counts nest, so undici's own pairs hold). */
function writesPerTick(socket: Socket): void {
  const write = socket.write;
  let corked = false;
  const flush = () => {
    corked = false;
    if (!socket.destroyed) socket.uncork();
  };
  socket.write = function (this: Socket, ...args: unknown[]) {
    if (!corked) {
      corked = true;
      this.cork();
      setImmediate(flush);
    }
    return (write as (...a: unknown[]) => boolean).apply(this, args);
  } as Socket['write'];
}
