// Under the built-in simulator no carrier is bound, yet the admin configured SMSC connections and must
// see whether each could be reached: each active SMPP link's address is probed with a TCP connect (no
// bind, no credentials sent). Nothing listening is 'dead'; an answer is 'connecting' (reachable, not bound,
// the simulator carries the traffic). The address goes through the outbound policy's resolver: carrier
// links are admin-set and often on private networks, so private addresses are allowed here.
import { Socket } from 'node:net';
import type { Kysely } from 'kysely';
import type { LinkHealth } from '@smsc/shared-contract';
import type { Database } from '../../db/schema';
import { resolvePublic, systemResolve, type Resolve } from '../../lib/outbound/pinned-agent';

export type Probe = (host: string, port: number) => Promise<'open' | 'closed'>;

/** A TCP connect that gives up after `timeoutMs`; the socket is closed at once either way. */
export function tcpProbe(timeoutMs = 1500, resolve: Resolve = systemResolve): Probe {
  return async (host, port) => {
    let address: string;
    try {
      // a name that does not resolve in time counts as nothing listening
      const late = new Promise<never>((_, fail) => setTimeout(() => fail(new Error('slow lookup')), timeoutMs).unref());
      address = (await Promise.race([resolvePublic(host, resolve, true), late])).address;
    } catch {
      return 'closed';
    }
    return new Promise((done) => {
      const socket = new Socket();
      const finish = (r: 'open' | 'closed') => {
        socket.destroy();
        done(r);
      };
      socket.setTimeout(timeoutMs, () => finish('closed'));
      socket.once('connect', () => finish('open'));
      socket.once('error', () => finish('closed'));
      socket.connect(port, address);
    });
  };
}

const link = (smsc_id: string, state: LinkHealth['state'], detail: string): LinkHealth => ({
  smsc_id,
  state,
  detail,
  queued: 0,
  failed: 0,
  received: 0,
  sent: 0,
  rate_in: 0,
  rate_out: 0,
});

/** Every configured SMSC connection's state while the simulator carries the messages. */
export async function configuredLinkStates(db: Kysely<Database>, probe: Probe): Promise<LinkHealth[]> {
  const rows = await db
    .selectFrom('smsc_connections')
    .select(['smsc_id', 'api_adapter_id', 'host', 'port', 'status'])
    .orderBy('smsc_id')
    .execute();
  return Promise.all(
    rows.map(async (r) => {
      if (r.status !== 'active') return link(r.smsc_id, 'unknown', 'inactive: not connected');
      if (!r.host || !r.port) return link(r.smsc_id, 'unknown', 'no address to connect to (HTTP or incomplete link)');
      const where = `${r.host}:${r.port}`;
      return (await probe(r.host, r.port)) === 'open'
        ? link(r.smsc_id, 'connecting', `${where} answers; not bound (the built-in simulator carries messages)`)
        : link(r.smsc_id, 'dead', `nothing answers at ${where}`);
    }),
  );
}
