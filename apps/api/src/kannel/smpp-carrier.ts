import { createServer as createHttpServer, type Server as HttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as smpp from 'smpp';

export interface CarrierOptions {
  /** 0 picks a free port */
  port: number;
  systemId: string;
  password: string;
  /** ms from submit_sm to its delivery receipt */
  receiptDelayMs?: number;
  /** share of messages receipted UNDELIV, 0..1 */
  failureRate?: number;
  /** how submit_sm_resp ids look: decimal (default) or hex, as SMSCs differ */
  idFormat?: 'decimal' | 'hex';
  /** false: receipts carry the id in their text only (no receipted_message_id TLV), in decimal whatever idFormat */
  receiptTlv?: boolean;
  log?: (line: string) => void;
}

interface Submitted {
  id: string;
  /** the bind (session) it came on, counted from 1 */
  session: number;
  from: string;
  to: string;
  text: string;
}

const texts = (pdu: smpp.Pdu): string => {
  const sm = pdu.message_payload ?? pdu.short_message;
  if (!sm) return '';
  if (typeof sm === 'string') return sm;
  if (Buffer.isBuffer(sm)) return sm.toString('latin1');
  const m = sm.message;
  return typeof m === 'string' ? m : m ? m.toString('latin1') : '';
};
const stamp = (d: Date) => d.toISOString().replace(/\D/g, '').slice(2, 12);

/**
 * A carrier's SMSC for tests, demos and the benchmark, on 127.0.0.1: accepts binds whose system id and
 * password match (a wrong one gets ESME_RBINDFAIL), answers each submit_sm with a fresh message id,
 * sends the delivery receipt (deliver_sm, esm_class 0x04) after `receiptDelayMs` on a bound session,
 * and sends MO on request (sendMo, or POST /mo on the control port). Receipts for a link that is down
 * wait for the next bind, as a real SMSC keeps them.
 */
export class SmppCarrier {
  private server: smpp.Server | null = null;
  private control: HttpServer | null = null;
  private bound = new Set<smpp.Session>();
  private waiting: { pdu: Record<string, unknown> }[] = [];
  /** receipts sent and not answered yet, per session: delivered again on the next bind when it drops */
  private unanswered = new Map<smpp.Session, Set<Record<string, unknown>>>();
  private sessionNo = new Map<smpp.Session, number>();
  private turn = 0;
  /** failures asked for by tests and benchmarks (throttle, refuseBinds, dropAfter) */
  private throttleLeft = 0;
  private refuseLeft = 0;
  private dropIn = -1;
  throttled = 0;
  drops = 0;
  redelivered = 0;
  private nextId = 1;
  private timers = new Set<NodeJS.Timeout>();
  /** every accepted submit_sm, in order */
  readonly submitted: Submitted[] = [];
  receipts = 0;
  refusedBinds = 0;
  port = 0;
  controlPort = 0;

  constructor(private opts: CarrierOptions) {}

  get sessions(): number {
    return this.bound.size;
  }

  async start(controlPort?: number): Promise<number> {
    this.server = smpp.createServer((session) => this.accept(session));
    await new Promise<void>((resolve, reject) => {
      this.server?.once('error', reject);
      this.server?.listen(this.opts.port, '127.0.0.1', () => resolve());
    });
    this.port = (this.server.address() as AddressInfo).port;
    if (controlPort !== undefined) await this.startControl(controlPort);
    return this.port;
  }

  /** The next `n` submits are answered ESME_RTHROTTLED (the carrier's rate exceeded). */
  throttle(n: number) {
    this.throttleLeft = n;
  }

  /** The next `n` binds are refused even with the right credentials (a carrier restarting, an IP not yet allowed). */
  refuseBinds(n: number) {
    this.refuseLeft = n;
  }

  /**
   * After `n` more accepted submits, the link that takes the next one goes: that submit and whatever follows it
   * on the socket is never read or answered, and the connection is closed (the answers already written arrive).
   */
  dropAfter(n: number) {
    this.dropIn = n;
  }

  private accept(session: smpp.Session) {
    session.on('error', () => undefined);
    this.sessionNo.set(session, this.sessionNo.size + 1);
    session.on('close', () => {
      this.bound.delete(session);
      // a receipt the ESME never answered is still ours to deliver
      const kept = this.unanswered.get(session);
      this.unanswered.delete(session);
      for (const pdu of kept ?? []) {
        this.redelivered++;
        this.later(() => this.deliver(pdu), 0);
      }
    });
    const bind = (pdu: smpp.Pdu) => {
      if (this.refuseLeft > 0 || pdu.system_id !== this.opts.systemId || pdu.password !== this.opts.password) {
        if (this.refuseLeft > 0) this.refuseLeft--;
        this.refusedBinds++;
        this.opts.log?.(`bind refused for ${pdu.system_id}`);
        session.send(pdu.response({ command_status: smpp.errors.ESME_RBINDFAIL }));
        setTimeout(() => session.close(), 50).unref();
        return;
      }
      session.send(pdu.response({ system_id: 'carrier-sim' }));
      this.bound.add(session);
      // receipts kept while the link was down go out now
      const kept = this.waiting.splice(0);
      for (const k of kept) this.deliver(k.pdu);
    };
    session.on('bind_transceiver', bind);
    session.on('bind_receiver', bind);
    session.on('bind_transmitter', bind);
    session.on('enquire_link', (pdu: smpp.Pdu) => session.send(pdu.response()));
    session.on('unbind', (pdu: smpp.Pdu) => {
      session.send(pdu.response());
      this.bound.delete(session);
      setTimeout(() => session.close(), 20).unref();
    });
    session.on('submit_sm', (pdu: smpp.Pdu) => {
      if (!this.bound.has(session)) {
        session.send(pdu.response({ command_status: smpp.errors.ESME_RINVBNDSTS }));
        return;
      }
      if (this.dropIn === 0) {
        this.dropIn = -1;
        this.drops++;
        session.pause();
        this.bound.delete(session);
        session.socket.end();
        return;
      }
      if (this.throttleLeft > 0) {
        this.throttleLeft--;
        this.throttled++;
        session.send(pdu.response({ command_status: smpp.errors.ESME_RTHROTTLED }));
        return;
      }
      if (this.dropIn > 0) this.dropIn--;
      const n = this.nextId++;
      const id = this.opts.idFormat === 'hex' ? n.toString(16).padStart(8, '0') : String(n);
      const m = {
        id,
        session: this.sessionNo.get(session) ?? 0,
        from: pdu.source_addr ?? '',
        to: pdu.destination_addr ?? '',
        text: texts(pdu),
      };
      this.submitted.push(m);
      session.send(pdu.response({ message_id: id }));
      if (pdu.registered_delivery) this.receiptLater(m);
    });
    session.on('deliver_sm_resp', () => undefined);
  }

  private receiptLater(m: Submitted) {
    const failed = Math.random() < (this.opts.failureRate ?? 0);
    const now = new Date();
    const stat = failed ? 'UNDELIV' : 'DELIVRD';
    const pdu = {
      source_addr: m.to,
      destination_addr: m.from,
      esm_class: 0x04,
      short_message: `id:${this.opts.receiptTlv === false ? String(parseInt(m.id, this.opts.idFormat === 'hex' ? 16 : 10)) : m.id} sub:001 dlvrd:${failed ? '000' : '001'} submit date:${stamp(now)} done date:${stamp(now)} stat:${stat} err:${failed ? '001' : '000'} text:${m.text.slice(0, 20)}`,
      ...(this.opts.receiptTlv === false ? {} : { receipted_message_id: m.id, message_state: failed ? 5 : 2 }),
    };
    const t = setTimeout(() => {
      this.timers.delete(t);
      this.deliver(pdu);
    }, this.opts.receiptDelayMs ?? 50);
    this.timers.add(t);
  }

  private later(fn: () => void, ms: number) {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    this.timers.add(t);
  }

  /** Receipts go round the bound links; one answered with an error is delivered again a little later. */
  private deliver(pdu: Record<string, unknown>) {
    const links = [...this.bound];
    const session = links[this.turn++ % Math.max(1, links.length)];
    const open = session ? (this.unanswered.get(session) ?? new Set()) : null;
    if (session && open) this.unanswered.set(session, open);
    const ok =
      !!session &&
      session.deliver_sm(pdu, (resp) => {
        open?.delete(pdu);
        if (resp.command_status === 0) {
          if (pdu.esm_class === 0x04) this.receipts++;
          return;
        }
        this.redelivered++;
        this.later(() => this.deliver(pdu), 200);
      });
    if (!ok) {
      this.waiting.push({ pdu });
      return;
    }
    open?.add(pdu);
  }

  /** A handset texts one of the platform's numbers. Resolves once a bound link has taken it. */
  sendMo(mo: { from: string; to: string; text: string }): Promise<void> {
    const session = [...this.bound][0];
    if (!session) return Promise.reject(new Error('no link is bound'));
    const ucs2 = /[^\x20-\x7e\n\r]/.test(mo.text);
    const message = ucs2 ? Buffer.from(mo.text, 'utf16le').swap16() : mo.text;
    return new Promise((resolve, reject) => {
      const ok = session.deliver_sm(
        { source_addr: mo.from, destination_addr: mo.to, data_coding: ucs2 ? 8 : 0, short_message: { message } },
        (resp) => {
          if (resp.command_status) reject(new Error(`deliver_sm refused: ${resp.command_status}`));
          else resolve();
        },
      );
      if (!ok) reject(new Error('the link is not writable'));
    });
  }

  /** Drops every bound link without unbinding (a network failure, for fault checks). */
  dropLinks() {
    for (const s of this.bound) s.destroy();
    this.bound.clear();
  }

  private async startControl(port: number) {
    this.control = createHttpServer((req, res) => {
      const answer = (code: number, body: unknown) => {
        res.writeHead(code, { 'content-type': 'application/json' });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'GET' && req.url === '/stats') {
        answer(200, {
          bound: this.bound.size,
          submitted: this.submitted.length,
          receipts: this.receipts,
          refused_binds: this.refusedBinds,
          waiting: this.waiting.length,
          throttled: this.throttled,
          drops: this.drops,
          redelivered: this.redelivered,
        });
        return;
      }
      if (req.method === 'POST' && req.url === '/mo') {
        let raw = '';
        req.on('data', (c) => (raw += c));
        req.on('end', () => {
          try {
            const mo = JSON.parse(raw) as { from: string; to: string; text: string };
            this.sendMo(mo).then(
              () => answer(200, { ok: true }),
              (e: Error) => answer(409, { error: { message: e.message } }),
            );
          } catch {
            answer(400, { error: { message: 'body: {"from","to","text"}' } });
          }
        });
        return;
      }
      answer(404, { error: { message: 'GET /stats or POST /mo' } });
    });
    await new Promise<void>((resolve) => this.control?.listen(port, '127.0.0.1', () => resolve()));
    this.controlPort = (this.control.address() as AddressInfo).port;
  }

  async close(): Promise<void> {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    for (const s of this.bound) s.destroy();
    for (const s of this.server?.sessions ?? []) s.destroy();
    await Promise.all([
      new Promise<void>((r) => (this.server ? this.server.close(() => r()) : r())),
      new Promise<void>((r) => (this.control ? this.control.close(() => r()) : r())),
    ]);
  }
}
