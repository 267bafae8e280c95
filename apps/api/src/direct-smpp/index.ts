// The direct SMPP gateway (docs/direct-smpp.md): created by messaging/index.ts beside Kannel or the simulator.
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { GatewayAck, GatewayDlrQuery } from '@smsc/shared-contract';
import type { Database } from '../db/schema';
import { catalogRepository } from '../catalog';
import { CarrierIds } from './id-store';
import { DIRECT_DEFAULTS, DirectSmppGateway, type DirectSettings } from './gateway';

export { DirectSmppGateway, DIRECT_DEFAULTS, type DirectSettings } from './gateway';
export { GatewayRouter, routedControl, isDirect } from './router';
export type { DirectSmppTables } from './schema';

export function createDirect(
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  settings: Partial<DirectSettings> | undefined,
  ports: {
    report: (q: GatewayDlrQuery) => Promise<GatewayAck>;
    receive: (mo: { from: string; to: string; text: string; smsc_id: string }) => Promise<unknown>;
    openPassword: (stored: string) => string;
  },
) {
  const gateway = new DirectSmppGateway(
    { ...DIRECT_DEFAULTS, ...settings },
    { ...ports, ids: new CarrierIds(db), log: (msg, detail) => log.warn(detail ?? {}, msg) },
  );
  /** the active direct connections, as the last restart (or the start) applied them */
  const load = async () => {
    const links = await catalogRepository.directLinks(db);
    await gateway.apply(
      links,
      await catalogRepository.productLinks(
        db,
        links.map((l) => l.smsc_id),
      ),
    );
  };
  return { gateway, load, productLinks: (ids: string[]) => catalogRepository.productLinks(db, ids) };
}
