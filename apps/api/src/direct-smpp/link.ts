// One SMSC connection carried by the direct gateway: its binds, the queue of messages waiting for a window slot,
// and what happens to a submit's answer. A submit that was on the wire when its bind dropped has no answer, so
// its fate at the carrier is unknown: it goes back to the head of the queue and out again on the next bound bind
// (SMPP has no idempotent submit, so this is at-least-once, as Kannel's bearerbox does too; a carrier that
// answered before the drop never leaves us without the answer, since answers are read before the close).
import type * as smpp from 'smpp';
import { GatewayRefused, type OutboundMessage } from '../lib/sms-gateway';
import { CarrierBind, type BindOptions } from './bind';
import { canonicalId } from './receipt';
import type { CarrierIds } from './id-store';

const ESME_RMSGQFUL = 0x14;
const ESME_RTHROTTLED = 0x58;

interface Job {
  id: number;
  msg: OutboundMessage;
  resolve: (r: { smsc_id: string }) => void;
  reject: (e: Error) => void;
  until: number;
}

export interface LinkOptions extends BindOptions {
  smsc_id: string;
  binds: number;
  /** a throttled bind rests this long before it submits again */
  throttlePauseMs: number;
  /** a message that finds no bound bind this long fails (released, not lost) */
  giveUpMs: number;
}

export interface LinkCounters {
  submitted: number;
  accepted: number;
  refused: number;
  throttled: number;
  resent: number;
  receipts: number;
}

/** The submit_sm of a message: international numbers without "+", an alphanumeric sender as such. */
export function submitOptions(m: OutboundMessage): Record<string, unknown> {
  const alpha = /[^+\d]/.test(m.ani);
  const body = { message: m.text };
  return {
    source_addr_ton: alpha ? 5 : 1,
    source_addr_npi: alpha ? 0 : 1,
    source_addr: alpha ? m.ani : m.ani.replace(/^\+/, ''),
    dest_addr_ton: 1,
    dest_addr_npi: 1,
    destination_addr: m.dnis.replace(/^\+/, ''),
    registered_delivery: 1,
    data_coding: m.encoding === 'UCS-2' ? 8 : 0,
    // a long message goes whole in message_payload: the carrier splits it (no UDH reassembly on our side)
    ...(m.segments > 1 ? { message_payload: body } : { short_message: body }),
  };
}

export class CarrierLink {
  readonly binds: CarrierBind[];
  private queue: Job[] = [];
  private head = 0;
  private jobs = new Map<number, Job>();
  private nextJob = 1;
  private timer: NodeJS.Timeout | null = null;
  private closed = false;
  readonly counters: LinkCounters = { submitted: 0, accepted: 0, refused: 0, throttled: 0, resent: 0, receipts: 0 };
  /** whether this carrier's ids have shown hex letters, in submit answers and in receipts (receipt.ts) */
  readonly seenHex = { answers: false, receipts: false };

  constructor(
    readonly o: LinkOptions,
    private readonly ids: CarrierIds,
    deliver: (link: CarrierLink, bind: CarrierBind, pdu: smpp.Pdu) => void,
    log: (msg: string, detail?: Record<string, unknown>) => void,
  ) {
    this.binds = Array.from(
      { length: o.binds },
      (_, i) =>
        new CarrierBind(`${o.smsc_id}#${i + 1}`, o, {
          bound: () => this.pump(),
          lost: (_b, unanswered) => this.requeue(unanswered),
          deliver: (b, pdu) => deliver(this, b, pdu),
          log,
        }),
    );
  }

  start() {
    for (const b of this.binds) b.start();
  }

  get waiting() {
    return this.queue.length - this.head;
  }
  get inFlight() {
    return this.binds.reduce((n, b) => n + b.inFlight.size, 0);
  }

  submit(msg: OutboundMessage): Promise<{ smsc_id: string }> {
    if (this.closed) return Promise.reject(new GatewayRefused(`The link ${this.o.smsc_id} is closed`));
    return new Promise((resolve, reject) => {
      const job: Job = { id: this.nextJob++, msg, resolve, reject, until: Date.now() + this.o.giveUpMs };
      this.jobs.set(job.id, job);
      this.queue.push(job);
      this.pump();
    });
  }

  /** Fills every bind's window, round robin, within its rate; arms a timer when a rate or a pause holds it. */
  private pump() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const now = Date.now();
    let progress = true;
    while (this.waiting && progress) {
      progress = false;
      for (const b of this.binds) {
        if (!this.waiting) break;
        if (!b.canSend(now)) continue;
        const job = this.queue[this.head];
        if (job.until < now) {
          this.head++;
          this.fail(job, new GatewayRefused(`no bind to ${this.o.smsc_id} took the message in time`));
          progress = true;
          continue;
        }
        if (!b.send(job.id, submitOptions(job.msg), (resp) => this.answered(b, job, resp))) continue;
        this.head++;
        this.counters.submitted++;
        progress = true;
      }
    }
    if (this.head > 1024 && this.head * 2 > this.queue.length) {
      this.queue = this.queue.slice(this.head);
      this.head = 0;
    }
    if (this.waiting && !this.closed) {
      // the nearest token or pause end; a link with no bound bind looks again when one binds (or in a second)
      const wait = Math.min(1000, ...this.binds.map((b) => b.waitMs(now)));
      this.timer = setTimeout(() => this.pump(), Math.max(1, wait));
      this.timer.unref();
    }
  }

  private answered(bind: CarrierBind, job: Job, resp: smpp.Pdu) {
    const status = resp.command_status;
    if (status === 0 && typeof resp.message_id === 'string' && resp.message_id) {
      this.counters.accepted++;
      this.jobs.delete(job.id);
      if (!this.seenHex.answers && /[a-f]/i.test(resp.message_id)) this.seenHex.answers = true;
      // "sent" only once the carrier's id is committed: its receipt can then always be matched
      void this.ids
        .remember(this.o.smsc_id, canonicalId(resp.message_id), job.msg.sms_uuid)
        .then(() => job.resolve({ smsc_id: this.o.smsc_id }));
    } else if (status === ESME_RTHROTTLED || status === ESME_RMSGQFUL) {
      this.counters.throttled++;
      bind.pausedUntil = Date.now() + this.o.throttlePauseMs;
      this.putBack(job);
    } else {
      this.counters.refused++;
      this.fail(job, new GatewayRefused(`the carrier refused the submit (command_status 0x${status.toString(16)})`));
    }
    this.pump();
  }

  /** Which way a receipt's id most likely converts to its submit answer's (see idCandidates). */
  receiptIdConversion(id: string, fromTlv: boolean): 'none' | 'decimal-to-hex' | 'hex-to-decimal' {
    if (fromTlv) return 'none';
    if (/[a-f]/i.test(id)) this.seenHex.receipts = true;
    if (this.seenHex.answers && !this.seenHex.receipts) return 'decimal-to-hex';
    if (!this.seenHex.answers && this.seenHex.receipts) return 'hex-to-decimal';
    return 'none';
  }

  private putBack(job: Job) {
    if (this.head > 0) this.queue[--this.head] = job;
    else this.queue.unshift(job);
  }

  /** A bind dropped with these submits unanswered: they go out again first. */
  private requeue(unanswered: number[]) {
    for (const id of unanswered.reverse()) {
      const job = this.jobs.get(id);
      if (!job) continue;
      if (this.closed) {
        this.fail(job, new GatewayRefused(`The link ${this.o.smsc_id} closed`));
        continue;
      }
      this.counters.resent++;
      this.putBack(job);
    }
    this.pump();
  }

  private fail(job: Job, e: Error) {
    this.jobs.delete(job.id);
    job.reject(e);
  }

  async close() {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    await Promise.all(this.binds.map((b) => b.close()));
    for (const job of this.jobs.values()) job.reject(new GatewayRefused(`The link ${this.o.smsc_id} closed`));
    this.jobs.clear();
    this.queue = [];
    this.head = 0;
  }
}
