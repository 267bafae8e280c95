// The gateway the pipeline holds when direct links may exist: a message whose vendor product has a direct SMSC
// connection goes out on our SMPP client, any other through the installation's gateway (Kannel or the built-in
// simulator). POST /gateway restart splits the active connections the same way.
import type { GatewayHealth } from '@smsc/shared-contract';
import type { GatewayAdapter, OutboundMessage } from '../lib/sms-gateway';
import type { GatewayConnection, GatewayControl } from '../catalog';
import type { DirectSmppGateway } from './gateway';

export const isDirect = (c: GatewayConnection) => c.gateway === 'direct' && c.api_adapter_id === 'smpp';

export class GatewayRouter implements GatewayAdapter {
  constructor(
    readonly other: GatewayAdapter,
    readonly direct: DirectSmppGateway,
  ) {}

  get kind() {
    return this.direct.linkCount ? `${this.other.kind}+direct-smpp` : this.other.kind;
  }

  submit(msg: OutboundMessage): Promise<{ smsc_id: string }> {
    return this.direct.carries(msg.vendor_product_uuid) ? this.direct.submit(msg) : this.other.submit(msg);
  }

  reload(): Promise<void> {
    return this.other.reload();
  }

  async close(): Promise<void> {
    await Promise.all([this.direct.close(), this.other.close()]);
  }
}

/** The restart and the link health over both gateways. */
export function routedControl(
  other: GatewayControl,
  direct: DirectSmppGateway,
  productLinks: (smsc_ids: string[]) => Promise<{ vendor_product_uuid: string; smsc_id: string }[]>,
): GatewayControl {
  return {
    async restart(connections) {
      const mine = connections.filter(isDirect);
      await direct.apply(mine, await productLinks(mine.map((c) => c.smsc_id)));
      const done = await other.restart(connections.filter((c) => !isDirect(c)));
      const said = done?.message ?? `The gateway restarted with ${connections.length - mine.length} SMSC connection(s)`;
      return { message: mine.length ? `${said}; ${mine.length} bound directly over SMPP` : said };
    },
    async status(): Promise<GatewayHealth> {
      const base = (await other.status?.()) ?? {
        gateway: 'simulator' as const,
        reachable: true,
        message: '',
        uptime: null,
        queued: 0,
        links: [],
        checked_on: new Date().toISOString(),
      };
      const links = direct.health();
      return {
        ...base,
        links: [...base.links, ...links],
        queued: base.queued + links.reduce((n, l) => n + l.queued, 0),
      };
    },
  };
}
