// Where a customer's SMPP client connects (issue 45): shown on the SMPP account screen, from the configuration
// (SMPP_PUBLIC_HOST, SMPP_PUBLIC_PORT, SMPPS_PUBLIC_PORT; docs/smpp.md), so nobody has to ask support.
import type { FastifyInstance } from 'fastify';
import { SmppConnection } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import type { AccessPolicy } from '../lib/access';
import type { EnvConfig } from '../config';

const managers: AccessPolicy = { admin: 'all', reseller: 'tenant', company_admin: 'tenant', user: 'none' };

/** What the listener has bound (this process serves SMPP) or null (another process does: SMPP_ROLE=http). */
export interface BoundPorts {
  port: number | null;
  tlsPort: number | null;
}

/**
 * The public address: the configured one first (a proxy or NAT may expose other ports), else the PUBLIC_URL's host
 * and the ports this process listens on, else the ports the configuration gives the SMPP processes.
 */
export function smppConnection(env: EnvConfig, publicUrl: string, bound: BoundPorts): SmppConnection {
  let host = env.SMPP_PUBLIC_HOST;
  if (!host) {
    try {
      host = new URL(publicUrl).hostname;
    } catch {
      host = 'localhost';
    }
  }
  return {
    host,
    port: env.SMPP_PUBLIC_PORT ?? bound.port ?? (env.SMPP_PORT || null),
    tls_port: env.SMPPS_PUBLIC_PORT ?? bound.tlsPort ?? env.SMPPS_PORT ?? null,
  };
}

export default async function smppConnectionRoutes(base: FastifyInstance, opts: { bound: () => BoundPorts }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  app.get(
    '/smpp/connection',
    { config: { access: managers }, schema: { tags: ['smpp'], response: { 200: SmppConnection } } },
    async () => smppConnection(app.config.env, app.config.publicUrl, opts.bound()),
  );
}
