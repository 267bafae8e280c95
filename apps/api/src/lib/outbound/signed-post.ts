// One POST to a customer's endpoint, the way every outbound delivery makes it: the address policy on the URL
// as stored, the connection through the pinned agent (the policy again on the address the name resolves to),
// no redirects, a timeout, and the outcome in the words a delivery log keeps. Each domain signs with its own
// scheme (the headers it passes) and logs to its own table.
import type { Dispatcher } from 'undici';
import { checkOutboundUrl, type UrlVerdict } from './address-policy';
import { OutboundRefused, pinnedAgent, systemResolve, type Resolve } from './pinned-agent';

export interface OutboundPostOptions {
  /** loopback/private targets (tests, closed networks): WEBHOOK_ALLOW_PRIVATE */
  allowPrivate: boolean;
  timeoutMs: number;
  /** fetch's shape, honouring the pinned dispatcher: statusFetch (status-fetch.ts) in the app; tests pass a stand-in */
  fetch: (url: string, init: RequestInit & { dispatcher?: Dispatcher }) => Promise<Response>;
  /** how host names are resolved for a delivery (tests stub it to play a rebinding name) */
  resolve?: Resolve;
  /** how a refused URL is named in the log ("The URL", "The webhook URL") */
  urlWords: string;
  /** a network error's cause appended to its message ("fetch failed: connect ECONNREFUSED …") */
  withCause?: boolean;
}

export interface PostOutcome {
  ok: boolean;
  status_code: number | null;
  error: string | null;
}

/** The headers that sign one delivery, made at the moment it is sent. */
export type SignHeaders = (unixSeconds: number) => Record<string, string>;

export class OutboundPoster {
  /** every connection resolves its host once, refuses non-public answers and connects to the checked address */
  private readonly agent: Dispatcher;
  /**
   * The check of each URL, kept: it depends on the text alone (a name is checked when connecting), and a
   * dispatcher posts to the same few URLs tens of thousands of times a minute.
   */
  private readonly verdicts = new Map<string, UrlVerdict>();

  constructor(private readonly o: OutboundPostOptions) {
    this.agent = pinnedAgent(o.resolve ?? systemResolve, o.allowPrivate);
  }

  /** The outcome of one signed POST of `body`; never throws. */
  async post(url: string, body: string, sign: SignHeaders): Promise<PostOutcome> {
    const out: PostOutcome = { ok: false, status_code: null, error: null };
    try {
      // a host that is a non-public address literal (a row saved before the save-time check, or edited in the
      // database); a host name is checked by the agent's lookup when the connection is made
      const v = this.check(url);
      if (!v.ok) throw new OutboundRefused(`${this.o.urlWords} ${v.reason}`);
      const ts = Math.floor(Date.now() / 1000);
      // a timer cleared once answered: AbortSignal.timeout's fires for every delivery, answered or not, and makes
      // an exception and an abort event each time
      const abort = new AbortController();
      const timer = setTimeout(
        () => abort.abort(new DOMException('The operation was aborted due to timeout', 'TimeoutError')),
        this.o.timeoutMs,
      );
      let res: Response;
      try {
        res = await this.o.fetch(url, {
          dispatcher: this.agent,
          method: 'POST',
          body,
          redirect: 'manual',
          signal: abort.signal,
          headers: { 'content-type': 'application/json', 'user-agent': 'smsc-console-webhooks/1', ...sign(ts) },
        });
        await res.body?.cancel().catch(() => undefined);
      } finally {
        clearTimeout(timer);
      }
      out.status_code = res.status;
      out.ok = res.status >= 200 && res.status < 300;
      if (!out.ok) out.error = `The endpoint answered ${res.status}`;
    } catch (e) {
      out.error = this.failure(e);
    }
    return out;
  }

  private check(url: string): UrlVerdict {
    let v = this.verdicts.get(url);
    if (!v) {
      v = checkOutboundUrl(url, { allowPrivate: this.o.allowPrivate });
      if (this.verdicts.size >= 10_000) this.verdicts.clear();
      this.verdicts.set(url, v);
    }
    return v;
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

  close(): Promise<void> {
    return this.agent.close();
  }
}
