// Kannel as the SMS gateway: chosen by messaging/index.ts when KANNEL_SENDSMS_URL (or the build
// option) is set; otherwise the built-in simulator stays.
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../db/schema';
import { catalogRepository, type GatewayConnection } from '../catalog';
import type { KannelLayout } from './config';
import type { EnvConfig } from '../config';
import { KannelControl } from './control';
import { KannelGateway } from './gateway';

export { renderKannelConfig, type KannelLayout } from './config';
export { KannelGateway, KannelRefused } from './gateway';
export { KannelControl, writeConfigFile } from './control';

export interface KannelSettings {
  sendsmsUrl: string;
  adminUrl: string;
  confPath: string;
  layout: Omit<KannelLayout, 'gatewaySecret'>;
}

const portOf = (url: string) => Number(new URL(url).port);

/**
 * The environment's Kannel (README: configuration), or null when KANNEL_SENDSMS_URL is unset. The
 * layout must match what bearerbox and smsbox were started with: the same values render the same
 * core/smsbox groups, so a POST /gateway restart then only touches links.
 */
export function kannelSettingsFromEnv(env: EnvConfig, repoRoot: string): KannelSettings | null {
  const sendsmsUrl = env.KANNEL_SENDSMS_URL;
  if (!sendsmsUrl) return null;
  const adminUrl = env.KANNEL_ADMIN_URL;
  const confPath = path.resolve(repoRoot, env.KANNEL_CONF ?? 'tmp/kannel/kannel.conf');
  const adminPassword = env.KANNEL_ADMIN_PASSWORD;
  const sendsmsPassword = env.KANNEL_SENDSMS_PASSWORD;
  if (!adminPassword || !sendsmsPassword)
    throw new Error('Kannel needs KANNEL_ADMIN_PASSWORD and KANNEL_SENDSMS_PASSWORD (and GATEWAY_SECRET) set');
  return {
    sendsmsUrl,
    adminUrl,
    confPath,
    layout: {
      adminPort: portOf(adminUrl),
      adminPassword,
      statusPassword: env.KANNEL_STATUS_PASSWORD ?? adminPassword,
      smsboxPort: env.KANNEL_SMSBOX_PORT ?? portOf(adminUrl) + 1,
      sendsmsPort: portOf(sendsmsUrl),
      sendsmsUser: env.KANNEL_SENDSMS_USER,
      sendsmsPassword,
      callbackBase: env.KANNEL_CALLBACK_URL ?? `http://127.0.0.1:${env.PORT}/api_smsc/v1`,
      dataDir: path.resolve(repoRoot, env.KANNEL_DATA_DIR ?? path.dirname(confPath)),
      maxMessages: env.KANNEL_MAX_MESSAGES,
      window: env.KANNEL_WINDOW,
      logLevel: env.KANNEL_LOG_LEVEL,
      accessLog: env.KANNEL_ACCESS_LOG,
    },
  };
}

/**
 * Routing: a message goes out on a link of its vendor product's vendor (by smsc-id); a vendor with no
 * link uses the first configured link; no link at all leaves Kannel to answer "Not routable".
 */
export class LinkTable {
  private byProduct = new Map<string, string>();
  private first: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  constructor(
    private readonly db: Kysely<Database>,
    private readonly log: FastifyBaseLogger,
  ) {}

  linkFor = (vendorProductUuid: string | null): string | null =>
    (vendorProductUuid && this.byProduct.get(vendorProductUuid)) || this.first;

  async load(links: Pick<GatewayConnection, 'smsc_id'>[]) {
    const ids = new Set(links.map((l) => l.smsc_id));
    const rows = await catalogRepository.productLinks(this.db, [...ids]);
    const map = new Map<string, string>();
    for (const r of rows) if (!map.has(r.vendor_product_uuid)) map.set(r.vendor_product_uuid, r.smsc_id);
    this.byProduct = map;
    this.first = [...ids].sort()[0] ?? null;
  }

  /** the active connections Kannel runs now (those in the kannel.conf on disk) */
  async loadActive(configured: Set<string>) {
    // the smsc-ids only: routing needs no secret
    const active = await catalogRepository.activeLinks(this.db);
    await this.load(active.filter((smsc_id) => configured.has(smsc_id)).map((smsc_id) => ({ smsc_id })));
  }

  /** vendor products added since: picked up within a minute */
  every(ms: number, configured: () => Set<string>) {
    this.timer = setInterval(
      () =>
        void this.loadActive(configured()).catch((e) =>
          this.log.warn({ err: (e as Error).message }, 'kannel link table refresh failed'),
        ),
      ms,
    );
    this.timer.unref();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
  }
}

export function createKannel(
  s: KannelSettings,
  secret: string,
  db: Kysely<Database>,
  log: FastifyBaseLogger,
  openPassword: (stored: string) => string,
) {
  const layout: KannelLayout = { ...s.layout, gatewaySecret: secret };
  const links = new LinkTable(db, log);
  const control = new KannelControl({
    layout,
    confPath: s.confPath,
    adminUrl: s.adminUrl,
    openPassword,
    onLinks: (c) =>
      void links.load(c).catch((e) => log.warn({ err: (e as Error).message }, 'kannel link table failed')),
  });
  const gateway = new KannelGateway({
    sendsmsUrl: s.sendsmsUrl,
    username: layout.sendsmsUser,
    password: layout.sendsmsPassword,
    callbackBase: layout.callbackBase,
    secret,
    maxMessages: layout.maxMessages,
    linkFor: links.linkFor,
  });
  return { gateway, control, links, layout };
}
