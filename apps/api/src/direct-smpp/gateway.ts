// The direct SMPP gateway: our own SMPP client to the carriers, beside Kannel, for the SMSC connections whose
// gateway is "direct". Messages reach a link by their vendor product (the connection's vendor), as Kannel's
// routing does. Receipts go through the same report path as Kannel's dlr-url (messaging/gateway-dlr.ts).
import type * as smpp from 'smpp';
import type { GatewayAck, GatewayDlrQuery, LinkHealth } from '@smsc/shared-contract';
import { GatewayRefused, type GatewayAdapter, type OutboundMessage } from '../lib/sms-gateway';
import type { GatewayConnection } from '../catalog';
import type { CarrierBind } from './bind';
import { CarrierLink, type LinkOptions } from './link';
import { bodyText, idFor, isReceipt, parseReceipt } from './receipt';
import type { CarrierIds } from './id-store';
import { InDoubt } from './in-doubt';

/** ESME_RX_T_APPN: "temporary application error", the carrier delivers the PDU again later */
const ESME_RX_T_APPN = 0x64;

export interface DirectSettings {
  /** per bind, when the connection leaves its window empty */
  window: number;
  enquireLinkMs: number;
  responseTimeoutMs: number;
  backoffMs: number;
  maxBackoffMs: number;
  throttlePauseMs: number;
  giveUpMs: number;
  /** a receipt whose id is not known yet (its submit's answer on another bind, not read yet) is looked up again this long */
  unmatchedForMs: number;
  /** a message a stopped process may have handed over waits this long for a receipt naming it before it goes again */
  inDoubtMs: number;
}

export const DIRECT_DEFAULTS: DirectSettings = {
  window: 100,
  enquireLinkMs: 30_000,
  responseTimeoutMs: 10_000,
  backoffMs: 250,
  maxBackoffMs: 30_000,
  throttlePauseMs: 250,
  giveUpMs: 300_000,
  unmatchedForMs: 10_000,
  inDoubtMs: 30_000,
};

export interface DirectPorts {
  ids: CarrierIds;
  /** applies a receipt as GET /gateway/dlr would (messaging's dlrReceiver) */
  report: (q: GatewayDlrQuery) => Promise<GatewayAck>;
  /** an incoming message (MO) */
  receive: (mo: { from: string; to: string; text: string; smsc_id: string }) => Promise<unknown>;
  /** the sealed password opened */
  openPassword: (stored: string) => string;
  log: (msg: string, detail?: Record<string, unknown>) => void;
}

export class DirectSmppGateway implements GatewayAdapter {
  readonly kind = 'direct-smpp';
  private links = new Map<string, CarrierLink>();
  /** vendor product → smsc_id */
  private byProduct = new Map<string, string>();
  private inDoubt = new InDoubt();
  unmatched = 0;
  duplicates = 0;
  /** messages in doubt (in_doubt) the carrier turned out to have, and those that went out again */
  readonly doubts = { found: 0, resent: 0 };

  constructor(
    private readonly settings: DirectSettings,
    private readonly ports: DirectPorts,
  ) {}

  /** Whether a message goes out here rather than through the other gateway. */
  carries(vendorProductUuid: string | null): boolean {
    return !!vendorProductUuid && this.byProduct.has(vendorProductUuid);
  }
  get linkCount() {
    return this.links.size;
  }
  link(smsc_id: string): CarrierLink | undefined {
    return this.links.get(smsc_id);
  }

  /**
   * Takes the direct connections (and which vendor products each carries): a link whose settings did not change
   * keeps its binds; a changed, removed or new one is closed and bound again.
   */
  async apply(connections: GatewayConnection[], products: { vendor_product_uuid: string; smsc_id: string }[]) {
    const wanted = new Map<string, LinkOptions>();
    for (const c of connections) if (c.host && c.port && c.system_id) wanted.set(c.smsc_id, this.options(c));
    for (const [id, link] of this.links) {
      const next = wanted.get(id);
      if (!next || JSON.stringify(next) !== JSON.stringify(link.o)) {
        this.links.delete(id);
        await link.close();
      }
    }
    for (const [id, o] of wanted) {
      if (this.links.has(id)) continue;
      const link = new CarrierLink(o, this.ports.ids, (l, b, pdu) => void this.deliver(l, b, pdu), this.ports.log);
      this.links.set(id, link);
      link.start();
    }
    const map = new Map<string, string>();
    for (const p of products)
      if (this.links.has(p.smsc_id) && !map.has(p.vendor_product_uuid)) map.set(p.vendor_product_uuid, p.smsc_id);
    this.byProduct = map;
  }

  private options(c: GatewayConnection): LinkOptions {
    const s = this.settings;
    return {
      smsc_id: c.smsc_id,
      host: c.host as string,
      port: c.port as number,
      system_id: c.system_id as string,
      password: c.password ? this.ports.openPassword(c.password) : '',
      system_type: c.system_type,
      binds: c.binds ?? 1,
      window: c.window_size ?? s.window,
      tps: c.throughput,
      enquireLinkMs: s.enquireLinkMs,
      responseTimeoutMs: s.responseTimeoutMs,
      backoffMs: s.backoffMs,
      maxBackoffMs: s.maxBackoffMs,
      throttlePauseMs: s.throttlePauseMs,
      giveUpMs: s.giveUpMs,
    };
  }

  submit(msg: OutboundMessage): Promise<{ smsc_id: string }> {
    const id = msg.vendor_product_uuid ? this.byProduct.get(msg.vendor_product_uuid) : undefined;
    const link = id ? this.links.get(id) : undefined;
    if (!link) return Promise.reject(new GatewayRefused('no direct SMPP link carries this route'));
    return msg.in_doubt ? this.submitInDoubt(link, msg) : link.submit(msg);
  }

  /**
   * A message a stopped process may have handed over (in-doubt.ts): accepted without a submit when its id was
   * committed before the stop or a receipt names it within `inDoubtMs`; submitted when none did.
   */
  private async submitInDoubt(link: CarrierLink, msg: OutboundMessage): Promise<{ smsc_id: string }> {
    const smsc_id = link.o.smsc_id;
    // a failed look-up must not fail the message (the pipeline fails what submit throws): the receipt decides
    const held = await this.ports.ids.isHeld(msg.sms_uuid).catch(() => false);
    if (held || (await this.inDoubt.wait(smsc_id, msg, this.settings.inDoubtMs))) {
      this.doubts.found++;
      return { smsc_id };
    }
    this.doubts.resent++;
    return link.submit(msg);
  }

  /**
   * A receipt whose id we never had may be for a message in doubt (its submit's answer died with a process): the
   * oldest one waiting from its destination to its source takes the id, recorded before it counts as accepted.
   */
  private async claimInDoubt(smsc_id: string, pdu: smpp.Pdu, message_id: string) {
    const w = this.inDoubt.claimByAddress(smsc_id, String(pdu.source_addr ?? ''), String(pdu.destination_addr ?? ''));
    if (!w) return null;
    await this.ports.ids.remember(smsc_id, message_id, w.sms_uuid);
    w.settle(true);
    return { sms_uuid: w.sms_uuid, message_id };
  }

  /**
   * A deliver_sm: a receipt is applied first and answered after, so one the process dies on is delivered again
   * by the carrier (a repeated receipt moves nothing: a state moves forward once). An id we cannot place yet is
   * looked up again for a while, then answered with a temporary error for the carrier to retry later.
   */
  private async deliver(link: CarrierLink, bind: CarrierBind, pdu: smpp.Pdu) {
    const smsc_id = link.o.smsc_id;
    try {
      if (!isReceipt(pdu)) {
        await this.ports.receive({
          from: `+${String(pdu.source_addr ?? '').replace(/^\+/, '')}`,
          to: `+${String(pdu.destination_addr ?? '').replace(/^\+/, '')}`,
          text: bodyText(pdu),
          smsc_id,
        });
        bind.answer(pdu);
        return;
      }
      const r = parseReceipt(pdu);
      if (!r) {
        this.ports.log('a receipt without a message id', { smsc_id });
        bind.answer(pdu);
        return;
      }
      const convert = link.receiptIdConversion(r.id, r.fromTlv);
      const claim = () => this.claimInDoubt(smsc_id, pdu, idFor(r.id, convert));
      let hit = (await this.ports.ids.find(smsc_id, r.id, convert)) ?? (await claim());
      for (let waited = 0; !hit && waited < this.settings.unmatchedForMs; waited += 200) {
        await new Promise((res) => setTimeout(res, 200));
        hit = (await this.ports.ids.find(smsc_id, r.id, convert)) ?? (await claim());
      }
      if (!hit) {
        this.unmatched++;
        this.ports.log('a receipt for a message id we never had', { smsc_id, id: r.id });
        bind.answer(pdu, ESME_RX_T_APPN);
        return;
      }
      // a message in doubt that a receipt by a known id names is at the carrier (its id was written before a stop)
      this.inDoubt.settleBySms(hit.sms_uuid);
      if (r.type) {
        const ack = await this.ports.report({
          id: hit.sms_uuid,
          type: r.type,
          smsc: smsc_id,
          error: r.error ?? undefined,
          reply: r.text.slice(0, 200),
        });
        if (ack.duplicate) this.duplicates++;
        link.counters.receipts++;
        this.ports.ids.forget(smsc_id, hit.message_id);
      }
      bind.answer(pdu);
    } catch (e) {
      // the database is away: the carrier keeps the receipt and delivers it again
      this.ports.log('a deliver_sm could not be applied', { smsc_id, err: (e as Error).message });
      bind.answer(pdu, ESME_RX_T_APPN);
    }
  }

  /** Each link's bind health, in the shape of Kannel's status. */
  health(): LinkHealth[] {
    return [...this.links.values()].map((l) => {
      const bound = l.binds.filter((b) => b.state === 'bound').length;
      const connecting = l.binds.some((b) => b.state === 'connecting');
      return {
        smsc_id: l.o.smsc_id,
        state: bound ? 'online' : connecting ? 'connecting' : 'dead',
        detail: `direct SMPP: ${bound}/${l.binds.length} binds bound; ${l.binds.map((b) => `${b.name} ${b.detail}`).join('; ')}`,
        queued: l.waiting + l.inFlight,
        failed: l.counters.refused,
        received: l.counters.receipts,
        sent: l.counters.accepted,
        rate_in: 0,
        rate_out: 0,
      };
    });
  }

  async reload(): Promise<void> {
    // the links are applied by the control (POST /gateway restart → apply)
  }

  async close(): Promise<void> {
    await Promise.all([...this.links.values()].map((l) => l.close()));
    this.links.clear();
    await this.ports.ids.close();
  }
}
