// One transceiver bind to a carrier's SMSC on the `smpp` codec: connects, binds, keeps the link alive with
// enquire_link, counts its window (submits awaiting their submit_sm_resp) and its throughput, and reconnects
// with backoff when the link drops or the bind is refused. The link (link.ts) decides what goes on which bind.
import * as smpp from 'smpp';

export type BindState = 'connecting' | 'bound' | 'down' | 'refused' | 'closed';

export interface BindOptions {
  host: string;
  port: number;
  system_id: string;
  password: string;
  system_type?: string | null;
  /** submits awaiting an answer */
  window: number;
  /** submits a second on this bind; null: no limit */
  tps: number | null;
  enquireLinkMs: number;
  /** no answer to an enquire_link (or a bind) within this: the link is dead */
  responseTimeoutMs: number;
  /** first reconnect wait; doubles up to maxBackoffMs */
  backoffMs: number;
  maxBackoffMs: number;
}

export interface BindEvents {
  bound(bind: CarrierBind): void;
  /** the link went down: the submits it carried that have no answer (their fate at the carrier unknown) */
  lost(bind: CarrierBind, unanswered: number[]): void;
  deliver(bind: CarrierBind, pdu: smpp.Pdu): void;
  log(msg: string, detail?: Record<string, unknown>): void;
}

export class CarrierBind {
  state: BindState = 'down';
  private session: smpp.Session | null = null;
  /** sequence number → the link's job id */
  readonly inFlight = new Map<number, number>();
  private tokens: number;
  private refilled = Date.now();
  private attempts = 0;
  private timers = new Set<NodeJS.Timeout>();
  private lastHeard = Date.now();
  /** a throttle answer pauses this bind until then */
  pausedUntil = 0;
  binds = 0;
  refusals = 0;
  /** the most submits this bind had awaiting an answer at once */
  peakInFlight = 0;
  detail = 'not started';

  constructor(
    readonly name: string,
    private readonly o: BindOptions,
    private readonly on: BindEvents,
  ) {
    this.tokens = this.burst;
  }

  private get burst() {
    return this.o.tps ? Math.max(1, this.o.tps / 20) : Infinity;
  }

  start() {
    this.connect();
  }

  /** Whether a submit may go out now: bound, window open, not paused, a token left. */
  canSend(now: number): boolean {
    if (this.state !== 'bound' || this.inFlight.size >= this.o.window || now < this.pausedUntil) return false;
    if (!this.o.tps) return true;
    this.tokens = Math.min(this.burst, this.tokens + ((now - this.refilled) * this.o.tps) / 1000);
    this.refilled = now;
    return this.tokens >= 1;
  }

  /** ms until a token comes (the link's timer when every bind is waiting on its rate) */
  waitMs(now: number): number {
    if (this.state !== 'bound') return Infinity;
    if (now < this.pausedUntil) return this.pausedUntil - now;
    if (!this.o.tps || this.tokens >= 1) return 0;
    return Math.ceil(((1 - this.tokens) * 1000) / this.o.tps);
  }

  /** Puts a submit on the wire; false when the socket will not take it. */
  send(job: number, options: Record<string, unknown>, answered: (pdu: smpp.Pdu) => void): boolean {
    const s = this.session;
    if (!s || this.state !== 'bound') return false;
    const pdu = new smpp.PDU('submit_sm', options) as unknown as smpp.Pdu;
    const ok = s.send(pdu, (resp) => {
      this.lastHeard = Date.now();
      if (this.inFlight.delete(pdu.sequence_number)) answered(resp);
    });
    if (!ok) return false;
    if (this.o.tps) this.tokens -= 1;
    this.inFlight.set(pdu.sequence_number, job);
    if (this.inFlight.size > this.peakInFlight) this.peakInFlight = this.inFlight.size;
    return true;
  }

  private connect() {
    if (this.state === 'closed') return;
    this.state = 'connecting';
    this.detail = `connecting to ${this.o.host}:${this.o.port}`;
    const s = smpp.connect({ host: this.o.host, port: this.o.port });
    this.session = s;
    s.socket.setNoDelay(true);
    s.on('error', (e: Error) => (this.detail = e.message));
    s.on('close', () => this.dropped(s));
    s.on('connect', () => {
      const deadline = this.later(() => s.destroy(), this.o.responseTimeoutMs);
      s.bind_transceiver(
        { system_id: this.o.system_id, password: this.o.password, system_type: this.o.system_type ?? '' },
        (resp) => {
          this.clear(deadline);
          if (resp.command_status !== 0) {
            this.refusals++;
            this.state = 'refused';
            this.detail = `bind refused (command_status 0x${resp.command_status.toString(16)})`;
            this.on.log('carrier refused the bind', { bind: this.name, status: resp.command_status });
            s.close();
            return;
          }
          this.state = 'bound';
          this.binds++;
          this.attempts = 0;
          this.detail = 'bound as a transceiver';
          this.lastHeard = Date.now();
          this.keepAlive(s);
          this.on.bound(this);
        },
      );
    });
    s.on('deliver_sm', (pdu: smpp.Pdu) => {
      this.lastHeard = Date.now();
      this.on.deliver(this, pdu);
    });
    s.on('enquire_link', (pdu: smpp.Pdu) => {
      this.lastHeard = Date.now();
      s.send(pdu.response());
    });
    s.on('unbind', (pdu: smpp.Pdu) => {
      s.send(pdu.response());
      s.close();
    });
  }

  /** enquire_link when the link has been quiet; no answer in time ends the link (then reconnects) */
  private keepAlive(s: smpp.Session) {
    const tick = () => {
      if (this.session !== s || this.state !== 'bound') return;
      if (Date.now() - this.lastHeard >= this.o.enquireLinkMs) {
        const dead = this.later(() => {
          this.detail = 'no answer to enquire_link';
          s.destroy();
        }, this.o.responseTimeoutMs);
        s.enquire_link({}, () => {
          this.clear(dead);
          this.lastHeard = Date.now();
        });
      }
      this.later(tick, this.o.enquireLinkMs);
    };
    this.later(tick, this.o.enquireLinkMs);
  }

  /** Answers a deliver_sm (once its report is applied, so a crash before leaves it for the carrier to resend). */
  answer(pdu: smpp.Pdu, command_status = 0) {
    this.session?.send(pdu.response({ command_status }));
  }

  private dropped(s: smpp.Session) {
    if (this.session !== s) return;
    this.session = null;
    const unanswered = [...this.inFlight.values()];
    this.inFlight.clear();
    const was = this.state;
    if (this.state !== 'closed') this.state = was === 'refused' ? 'refused' : 'down';
    if (unanswered.length) this.on.lost(this, unanswered);
    if (this.state === 'closed') return;
    // a refused bind waits longer: hammering a carrier with wrong credentials gets an IP blocked
    const base = was === 'refused' ? this.o.backoffMs * 10 : this.o.backoffMs;
    const wait = Math.min(this.o.maxBackoffMs, base * 2 ** this.attempts++);
    if (was === 'bound') this.detail = `link dropped; reconnecting in ${wait} ms`;
    this.later(() => this.connect(), wait * (0.75 + Math.random() / 2));
  }

  private later(fn: () => void, ms: number): NodeJS.Timeout {
    const t = setTimeout(() => {
      this.timers.delete(t);
      fn();
    }, ms);
    t.unref();
    this.timers.add(t);
    return t;
  }
  private clear(t: NodeJS.Timeout) {
    clearTimeout(t);
    this.timers.delete(t);
  }

  /** Unbinds politely, then closes; whatever is in flight is reported lost to the link. */
  async close(): Promise<void> {
    const s = this.session;
    const wasBound = this.state === 'bound';
    this.state = 'closed';
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (!s) return;
    await new Promise<void>((resolve) => {
      const t = setTimeout(() => s.destroy(), 1000);
      s.socket.once('close', () => {
        clearTimeout(t);
        resolve();
      });
      if (wasBound && s.unbind({}, () => s.close())) return;
      s.destroy();
    });
  }
}
