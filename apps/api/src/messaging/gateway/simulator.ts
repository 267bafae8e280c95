import { randomUUID } from 'node:crypto';
import type { GatewayHealth } from '@smsc/shared-contract';
import {
  dlrUrlTemplate,
  fillPlaceholders,
  GatewayRefused,
  moUrlTemplate,
  type GatewayAdapter,
  type OutboundMessage,
} from '../../lib/sms-gateway';

export interface SimulatorOptions {
  /** ms from submit to the delivery report (SMSC_SIM_LATENCY_MS, default 1000) */
  latencyMs: number;
  /** share of messages reported undelivered, 0..1 (SMSC_SIM_FAILURE_RATE, default 0.05) */
  failureRate: number;
  /** false: reports wait for drain() (tests drive delivery by hand) */
  autoDeliver: boolean;
  /** the API's prefix ("/api_smsc/v1") the inbound URLs start with */
  base: string;
  secret: string;
  /** calls an inbound URL the way Kannel's HTTP client would (the app passes app.inject) */
  call: (url: string) => Promise<{ statusCode: number; body: string }>;
  random?: () => number;
  onError?: (err: unknown, url: string) => void;
}

/** How one vendor product's carrier behaves, where it differs from the simulator's own settings. */
export interface SimulatedVendor {
  /** share of its messages reported undelivered, 0..1 */
  failureRate?: number;
  /** share of its messages whose receipt never comes, 0..1 */
  lostRate?: number;
}

interface Pending {
  due: number;
  url: string;
  /** run once the report was handled (a sandbox STOP reply after its receipt) */
  after?: () => Promise<unknown>;
}

/**
 * The built-in SMSC: accepts every submit to a valid-looking number, then after `latencyMs` reports
 * it delivered (type 1) or, with probability `failureRate`, undelivered (type 2), through the same
 * dlr-url a Kannel smsbox would call. One timer serves all pending reports (armed for the earliest),
 * so a burst of sends costs one timer, and close() leaves nothing running.
 */
export class SmscSimulator implements GatewayAdapter {
  readonly kind = 'simulator';
  private queue: Pending[] = [];
  private timer: NodeJS.Timeout | null = null;
  private inFlight = new Set<Promise<unknown>>();
  private closed = false;
  submitted = 0;
  /** sandbox messages (messaging/sandbox.ts): reported, not counted as carried */
  sandboxed = 0;
  reported = 0;
  received = 0;
  /** messages handed over per vendor product (a message handed over twice counts twice) */
  readonly submittedBy = new Map<string, number>();
  private vendors = new Map<string, SimulatedVendor>();

  constructor(private opts: SimulatorOptions) {}

  /** A vendor product's carrier behaving apart from the rest (a route whose receipts drop); null: like the rest. */
  configureVendor(vendor_product_uuid: string, v: SimulatedVendor | null) {
    if (v) this.vendors.set(vendor_product_uuid, v);
    else this.vendors.delete(vendor_product_uuid);
  }

  configure(patch: Partial<Pick<SimulatorOptions, 'latencyMs' | 'failureRate' | 'autoDeliver'>>) {
    this.opts = { ...this.opts, ...patch };
  }

  get options(): Readonly<SimulatorOptions> {
    return this.opts;
  }

  async submit(msg: OutboundMessage): Promise<{ smsc_id: string }> {
    if (this.closed) throw new GatewayRefused('The SMSC simulator is stopped');
    this.submitted++;
    const vendor = msg.vendor_product_uuid ? this.vendors.get(msg.vendor_product_uuid) : undefined;
    if (msg.vendor_product_uuid)
      this.submittedBy.set(msg.vendor_product_uuid, (this.submittedBy.get(msg.vendor_product_uuid) ?? 0) + 1);
    const random = this.opts.random ?? Math.random;
    const failed = random() < (vendor?.failureRate ?? this.opts.failureRate);
    // its carrier took it and never answers: the message waits in "sent" (the lost-receipt expiry's case)
    if (vendor?.lostRate && random() < vendor.lostRate) return { smsc_id: 'simulator' };
    const now = new Date();
    const url = fillPlaceholders(dlrUrlTemplate(this.opts.base, this.opts.secret, msg.sms_uuid), {
      d: failed ? '2' : '1',
      i: 'simulator',
      F: failed ? '001' : '000',
      A: `id:${msg.sms_uuid} sub:001 dlvrd:${failed ? '000' : '001'} stat:${failed ? 'UNDELIV' : 'DELIVRD'}`,
      T: String(Math.floor(now.getTime() / 1000)),
    });
    this.queue.push({ due: Date.now() + this.opts.latencyMs, url });
    this.arm();
    return { smsc_id: 'simulator' };
  }

  /**
   * A test key's message (messaging/sandbox.ts): accepted, and after the same latency reported with the receipt its
   * magic number asks for, through the same dlr-url; `after` runs once that report was handled.
   */
  async submitReport(
    msg: { sms_uuid: string },
    receipt: { delivered: boolean; error: string; stat: string },
    after?: () => Promise<unknown>,
  ): Promise<{ smsc_id: string }> {
    if (this.closed) throw new GatewayRefused('The SMSC simulator is stopped');
    this.sandboxed++;
    const url = fillPlaceholders(dlrUrlTemplate(this.opts.base, this.opts.secret, msg.sms_uuid), {
      d: receipt.delivered ? '1' : '2',
      i: 'sandbox',
      F: receipt.error,
      A: `id:${msg.sms_uuid} sub:001 dlvrd:${receipt.delivered ? '001' : '000'} stat:${receipt.stat}`,
      T: String(Math.floor(Date.now() / 1000)),
    });
    this.queue.push({ due: Date.now() + this.opts.latencyMs, url, after });
    this.arm();
    return { smsc_id: 'sandbox' };
  }

  /** An incoming message from a handset, sent to the API like Kannel's sms-service get-url. */
  async injectMo(mo: { from: string; to: string; text: string }): Promise<{ statusCode: number; body: string }> {
    const url = fillPlaceholders(moUrlTemplate(this.opts.base, this.opts.secret), {
      p: mo.from,
      P: mo.to,
      a: mo.text,
      i: 'simulator',
      I: randomUUID(),
      T: String(Math.floor(Date.now() / 1000)),
    });
    this.received++;
    return this.track(this.opts.call(url));
  }

  /** Reports every pending message now and waits until the API has handled them all. */
  async drain(): Promise<void> {
    for (;;) {
      const batch = this.queue;
      this.queue = [];
      await Promise.all(batch.map((p) => this.report(p)));
      if (!this.queue.length && !this.inFlight.size) return;
      await Promise.all([...this.inFlight]);
    }
  }

  get pending(): number {
    return this.queue.length;
  }

  /** Its own state as link health: one link, online unless closed, its queue the reports not yet sent. */
  health(): GatewayHealth {
    const mode = this.opts.autoDeliver
      ? `reports after ${this.opts.latencyMs} ms, ${Math.round(this.opts.failureRate * 100)}% undelivered`
      : 'reports only when drained';
    return {
      gateway: 'simulator',
      reachable: true,
      uptime: null,
      queued: this.queue.length,
      checked_on: new Date().toISOString(),
      message: `The built-in SMSC simulator carries every message (${mode}); no carrier is bound`,
      links: [
        {
          smsc_id: 'simulator',
          state: this.closed ? 'dead' : 'online',
          detail: this.closed ? 'stopped' : 'in-process simulator',
          queued: this.queue.length,
          failed: 0,
          received: this.received,
          sent: this.submitted,
          rate_in: 0,
          rate_out: 0,
        },
      ],
    };
  }

  async reload(): Promise<void> {
    // Nothing to re-read: the simulator's settings live in this process (configure()).
    this.closed = false;
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.queue = [];
    await Promise.allSettled([...this.inFlight]);
  }

  private arm() {
    if (!this.opts.autoDeliver || this.timer || !this.queue.length || this.closed) return;
    const wait = Math.max(0, this.queue[0].due - Date.now());
    this.timer = setTimeout(() => this.fire(), wait);
    this.timer.unref();
  }

  private fire() {
    this.timer = null;
    const now = Date.now();
    // Latency is the same for every message, so the queue is in due order.
    let n = 0;
    while (n < this.queue.length && this.queue[n].due <= now) n++;
    const due = this.queue.splice(0, n);
    for (const p of due) void this.report(p);
    this.arm();
  }

  private report(p: Pending): Promise<unknown> {
    return this.track(
      this.opts.call(p.url).then(
        async (res) => {
          this.reported++;
          if (res.statusCode >= 400)
            this.opts.onError?.(new Error(`DLR answered ${res.statusCode}: ${res.body.slice(0, 200)}`), p.url);
          // tracked with the report, so drain() waits for it too
          else if (p.after) await p.after().catch((err) => this.opts.onError?.(err, p.url));
        },
        (err) => this.opts.onError?.(err, p.url),
      ),
    );
  }

  private track<T>(p: Promise<T>): Promise<T> {
    this.inFlight.add(p);
    void p.finally(() => this.inFlight.delete(p)).catch(() => undefined);
    return p;
  }
}
