// Which endpoints get their deliveries pipelined (several requests written on one keep-alive connection before
// the answers come back, the writes of one event-loop turn in one system call). On a busy endpoint most of a delivery's
// cost is the two system calls per request on each side, not the request itself; pipelining shares them.
// RFC 9112 §9.3.2 lets a client pipeline POSTs when it can detect and recover from a partial failure: every
// delivery carries a webhook-id the receiver deduplicates by, undici sends an idempotent request written
// behind a closed connection's head again on a new one, and the head's failure is retried once at once
// without pipelining (signed-post.ts).
// A server answers pipelined requests one after another, so a slow endpoint would see fewer requests at a
// time than over parallel connections: an origin is pipelined only once its answers come back fast on average,
// and goes back to one request per connection for a while after a network failure, a timeout, or its answers
// slowing down on average (one slow answer is not enough: a pause of our own process delays a few).

export interface PipelinePolicyOptions {
  /** answers in a row (no network failure or timeout among them) before an origin may be pipelined */
  promoteAfter: number;
  /** pipelined once the answers' moving average is at most this */
  fastMs: number;
  /** no longer pipelined once it is over this (a pipelined answer includes its wait behind the others) */
  slowMs: number;
  /** the moving average's weight of the newest answer */
  weight: number;
  /** how long an origin stays unpipelined after a network failure, a timeout or a closed connection */
  coolDownMs: number;
  /** and after its answers slowed down (our own process under load slows them too, for a while) */
  slowCoolDownMs: number;
  now?: () => number;
}

export const PIPELINE_POLICY_DEFAULTS: PipelinePolicyOptions = {
  promoteAfter: 200,
  fastMs: 100,
  slowMs: 250,
  weight: 0.02,
  coolDownMs: 15 * 60_000,
  slowCoolDownMs: 60_000,
};

interface OriginState {
  /** answers in a row while not pipelined */
  streak: number;
  /** the answers' moving average, ms */
  average: number;
  pipelined: boolean;
  /** not pipelined again before this time */
  coolUntil: number;
}

/** Each origin's pipelining state; bounded, as the origins a dispatcher posts to are. */
export class PipelinePolicy {
  private readonly origins = new Map<string, OriginState>();
  private readonly o: Required<PipelinePolicyOptions>;

  constructor(o: Partial<PipelinePolicyOptions> = {}) {
    this.o = { ...PIPELINE_POLICY_DEFAULTS, now: Date.now, ...o };
  }

  private state(origin: string): OriginState {
    let s = this.origins.get(origin);
    if (!s) {
      if (this.origins.size >= 10_000) this.origins.clear();
      s = { streak: 0, average: 0, pipelined: false, coolUntil: 0 };
      this.origins.set(origin, s);
    }
    return s;
  }

  /** Whether the next delivery to `origin` goes over the pipelined connections. */
  pipelined(origin: string): boolean {
    return this.origins.get(origin)?.pipelined ?? false;
  }

  /**
   * What one delivery came to: `answered` with an HTTP status (any status: the connection worked) after `ms`,
   * or not answered (a network failure or a timeout); `closes` when the answer said the endpoint closes the
   * connection (requests pipelined behind it were sent for nothing, and may have been acted on). Answers
   * whether this made a pipelined origin unpipelined.
   */
  record(origin: string, answered: boolean, ms: number, closes = false): boolean {
    const s = this.state(origin);
    if (!answered || closes) {
      if (s.pipelined) return this.demote(s);
      s.streak = 0;
      return false;
    }
    s.average = s.streak === 0 && !s.pipelined ? ms : s.average + this.o.weight * (ms - s.average);
    if (s.pipelined) return s.average > this.o.slowMs && this.demote(s, this.o.slowCoolDownMs);
    s.streak++;
    if (s.streak >= this.o.promoteAfter && s.average <= this.o.fastMs && this.o.now() >= s.coolUntil)
      s.pipelined = true;
    return false;
  }

  private demote(s: OriginState, coolDownMs = this.o.coolDownMs): true {
    s.pipelined = false;
    s.streak = 0;
    s.coolUntil = this.o.now() + coolDownMs;
    return true;
  }
}
