// One POST to a customer's endpoint, the way every outbound delivery makes it: the address policy on the URL
// as stored, the connection through the pinned agent (the policy again on the address the name resolves to),
// no redirects, a timeout, and the outcome in the words a delivery log keeps. Each domain signs with its own
// scheme (the headers it passes) and logs to its own table.
import type { Dispatcher } from 'undici';
import { checkOutboundUrl, type UrlVerdict } from './address-policy';
import { OutboundRefused, pinnedAgent, systemResolve, type Pipelining, type Resolve } from './pinned-agent';
import { PipelinePolicy, type PipelinePolicyOptions } from './pipeline-policy';

export interface OutboundPostOptions {
  /** loopback/private targets (tests, closed networks): WEBHOOK_ALLOW_PRIVATE */
  allowPrivate: boolean;
  timeoutMs: number;
  /** fetch's shape, honouring the pinned dispatcher: statusFetch (status-fetch.ts) in the app; tests pass a stand-in */
  fetch: (url: string, init: RequestInit & { dispatcher?: Dispatcher; idempotent?: boolean }) => Promise<Response>;
  /** how host names are resolved for a delivery (tests stub it to play a rebinding name) */
  resolve?: Resolve;
  /** how a refused URL is named in the log ("The URL", "The webhook URL") */
  urlWords: string;
  /** a network error's cause appended to its message ("fetch failed: connect ECONNREFUSED …") */
  withCause?: boolean;
  /**
   * Deliveries the receiver deduplicates (a webhook-id) may be pipelined to origins that answer fast
   * (pipeline-policy.ts); without this, one request per connection at a time.
   */
  pipelining?: Pipelining & { policy?: Partial<PipelinePolicyOptions> };
}

export interface PostOutcome {
  ok: boolean;
  status_code: number | null;
  error: string | null;
}

/** The headers that sign one delivery, made at the moment it is sent. */
export type SignHeaders = (unixSeconds: number) => Record<string, string>;

/** Why a pipelined request was taken off its connection: its origin stopped being pipelined. */
class PipelineLeft extends Error {
  override name = 'PipelineLeft';
  constructor() {
    super('The endpoint stopped being pipelined');
  }
}

/** The platform's own User-Agent on outbound webhooks (a reseller's brand names its own: company-webhooks). */
export const WEBHOOK_USER_AGENT = 'smsc-console-webhooks/1';

export class OutboundPoster {
  /** every connection resolves its host once, refuses non-public answers and connects to the checked address */
  private readonly agent: Dispatcher;
  /** the same, several requests on a connection at once, for the origins the policy lets pipeline */
  private readonly pipelinedAgent: Dispatcher | null = null;
  private readonly policy: PipelinePolicy | null = null;
  /**
   * The check of each URL and its origin, kept: the check depends on the text alone (a name is checked when
   * connecting), and a dispatcher posts to the same few URLs tens of thousands of times a minute.
   */
  private readonly verdicts = new Map<string, { v: UrlVerdict; origin: string }>();
  /** each origin's pipelined requests in flight, to move them to connections of their own when it is demoted */
  private readonly pipelinedInFlight = new Map<string, Set<AbortController>>();

  constructor(private readonly o: OutboundPostOptions) {
    this.agent = pinnedAgent(o.resolve ?? systemResolve, o.allowPrivate);
    if (o.pipelining) {
      this.pipelinedAgent = pinnedAgent(o.resolve ?? systemResolve, o.allowPrivate, o.pipelining);
      this.policy = new PipelinePolicy(o.pipelining.policy);
    }
  }

  /** The outcome of one signed POST of `body`; never throws. `userAgent`: the sender's brand (company webhooks). */
  async post(url: string, body: string, sign: SignHeaders, userAgent = WEBHOOK_USER_AGENT): Promise<PostOutcome> {
    const out: PostOutcome = { ok: false, status_code: null, error: null };
    try {
      // a host that is a non-public address literal (a row saved before the save-time check, or edited in the
      // database); a host name is checked by the agent's lookup when the connection is made
      const { v, origin } = this.check(url);
      if (!v.ok) throw new OutboundRefused(`${this.o.urlWords} ${v.reason}`);
      const pipelined = this.policy?.pipelined(origin) ?? false;
      let res: Response;
      try {
        res = await this.send(url, body, sign, userAgent, origin, pipelined);
      } catch (e) {
        // a pipelined request whose connection failed under it (closed, reset), or moved off its connection as
        // the origin stopped being pipelined: at once again on a connection of its own (a receiver deduplicates
        // a repeat by its webhook-id)
        if (!pipelined || (e as Error).name === 'TimeoutError') throw e;
        res = await this.send(url, body, sign, userAgent, origin, false);
      }
      out.status_code = res.status;
      out.ok = res.status >= 200 && res.status < 300;
      if (!out.ok) out.error = `The endpoint answered ${res.status}`;
    } catch (e) {
      out.error = this.failure(e);
    }
    return out;
  }

  private async send(
    url: string,
    body: string,
    sign: SignHeaders,
    userAgent: string,
    origin: string,
    pipelined: boolean,
  ) {
    const started = Date.now();
    const ts = Math.floor(started / 1000);
    // a timer cleared once answered: AbortSignal.timeout's fires for every delivery, answered or not, and makes
    // an exception and an abort event each time
    const abort = new AbortController();
    const timer = setTimeout(
      () => abort.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
      this.o.timeoutMs,
    );
    const peers = pipelined ? this.peersOf(origin) : null;
    peers?.add(abort);
    let res: (Response & { closes?: boolean }) | undefined;
    try {
      res = await this.o.fetch(url, {
        dispatcher: (pipelined && this.pipelinedAgent) || this.agent,
        idempotent: pipelined || undefined,
        method: 'POST',
        body,
        redirect: 'manual',
        signal: abort.signal,
        headers: { 'content-type': 'application/json', 'user-agent': userAgent, ...sign(ts) },
      });
      await res.body?.cancel().catch(() => undefined);
      return res;
    } finally {
      clearTimeout(timer);
      peers?.delete(abort);
      const demoted = this.policy?.record(origin, !!res, Date.now() - started, res?.closes) ?? false;
      // after a failed or closed connection the requests still pipelined behind this one would fail or be sent
      // again on the same terms; an origin that only slowed down keeps what it has (they are answered, later)
      if (demoted && peers && (!res || res.closes)) for (const other of peers) other.abort(new PipelineLeft());
    }
  }

  private peersOf(origin: string): Set<AbortController> {
    let peers = this.pipelinedInFlight.get(origin);
    if (!peers) {
      if (this.pipelinedInFlight.size >= 10_000) this.pipelinedInFlight.clear();
      peers = new Set();
      this.pipelinedInFlight.set(origin, peers);
    }
    return peers;
  }

  private check(url: string): { v: UrlVerdict; origin: string } {
    let c = this.verdicts.get(url);
    if (!c) {
      const v = checkOutboundUrl(url, { allowPrivate: this.o.allowPrivate });
      c = { v, origin: v.ok ? v.url.origin : url };
      if (this.verdicts.size >= 10_000) this.verdicts.clear();
      this.verdicts.set(url, c);
    }
    return c;
  }

  private failure(e: unknown): string {
    // fetch wraps a refusal made inside the connection's lookup as its cause
    const refused = [e, (e as { cause?: unknown }).cause].find((x) => x instanceof OutboundRefused) as
      Error | undefined;
    if (refused) return refused.message;
    if ((e as Error).name === 'TimeoutError') return `No answer within ${this.o.timeoutMs} ms`;
    const cause = this.o.withCause ? (e as { cause?: { message?: string } }).cause?.message : undefined;
    return `${(e as Error).message}${cause ? `: ${cause}` : ''}`;
  }

  async close(): Promise<void> {
    await Promise.all([this.agent.close(), this.pipelinedAgent?.close()]);
  }
}
