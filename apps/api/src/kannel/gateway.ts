import { Agent, type Dispatcher } from 'undici';
import { dlrUrlTemplate, GatewayRefused, type GatewayAdapter, type OutboundMessage } from '../lib/sms-gateway';

export interface KannelGatewayOptions {
  /** smsbox's sendsms URL, e.g. http://127.0.0.1:14013/cgi-bin/sendsms */
  sendsmsUrl: string;
  username: string;
  password: string;
  /** the API prefix as Kannel reaches it (the dlr-url's start) */
  callbackBase: string;
  secret: string;
  /** parts one call may carry (the sendsms-user's max-messages): Kannel drops the rest silently */
  maxMessages: number;
  /** the smsc-id carrying a vendor product's traffic; null lets Kannel use the default link */
  linkFor: (vendorProductUuid: string | null) => string | null;
  /** how long 503s and refused connections (a restart) are retried before the message fails */
  retryForMs?: number;
  maxSockets?: number;
}

/**
 * The final reports only: delivered (1), undelivered (2), SMSC rejected (16). Buffered (4) moves nothing, and
 * SMSC accepted (8) would only say "sent", which the message already is once smsbox answers 202; each of them
 * was one more HTTP call from smsbox and one more report to apply per message.
 */
export const DLR_MASK = 1 | 2 | 16;

/** A refusal with the block reason the pipeline records (403 Not routable → no_route). */
export class KannelRefused extends GatewayRefused {
  constructor(
    readonly reason: 'no_route' | 'too_long' | 'refused',
    message: string,
  ) {
    super(`${reason}: ${message}`);
  }
}

/**
 * Our dlr-url. A report inherits its message's coding, so for UCS-2 Kannel's %A (the receipt text)
 * arrives as raw UTF-16 bytes (NULs, twice the length): those reports go without the reply text.
 */
export function dlrUrl(
  msg: Pick<OutboundMessage, 'sms_uuid' | 'encoding'>,
  o: Pick<KannelGatewayOptions, 'callbackBase' | 'secret'>,
): string {
  const url = dlrUrlTemplate(o.callbackBase, o.secret, msg.sms_uuid);
  return msg.encoding === 'UCS-2' ? url.replace('&reply=%A', '') : url;
}

/** The sendsms query for one message; exported for its unit test. */
export function sendsmsQuery(
  msg: OutboundMessage,
  o: Pick<KannelGatewayOptions, 'username' | 'password' | 'callbackBase' | 'secret'>,
  smsc: string | null,
): URLSearchParams {
  const q = new URLSearchParams({
    username: o.username,
    password: o.password,
    from: msg.ani,
    to: msg.dnis,
    text: msg.text,
    'dlr-mask': String(DLR_MASK),
    'dlr-url': dlrUrl(msg, o),
    charset: 'utf-8',
  });
  // UCS-2 must be asked for, or Kannel squeezes the text into GSM-7
  if (msg.encoding === 'UCS-2') q.set('coding', '2');
  if (smsc) q.set('smsc', smsc);
  return q;
}

const RETRYABLE = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'UND_ERR_SOCKET',
  'UND_ERR_CONNECT_TIMEOUT',
  'UND_ERR_HEADERS_TIMEOUT',
  'UND_ERR_BODY_TIMEOUT',
]);

/**
 * MT through Kannel's smsbox: one GET per message on keep-alive connections (undici's request(): node:http's
 * ClientRequest and IncomingMessage per call cost the API more CPU than the rest of a hand-over). "202 0: Accepted" →
 * accepted (the receipt comes later to /gateway/dlr, our id in its dlr-url); 403 Not routable →
 * no_route; 503 or a refused connection (bearerbox or smsbox restarting) retried with backoff.
 */
export class KannelGateway implements GatewayAdapter {
  readonly kind = 'kannel';
  private agent: Dispatcher;
  private url: URL;
  private closed = false;
  accepted = 0;
  retried = 0;

  constructor(private readonly o: KannelGatewayOptions) {
    this.url = new URL(o.sendsmsUrl);
    this.agent = new Agent({
      connections: o.maxSockets ?? 64,
      headersTimeout: 15_000,
      bodyTimeout: 15_000,
      // smsbox keeps an idle connection open; ours is dropped first, so no request lands on one it is closing
      keepAliveTimeout: 4_000,
    });
  }

  async submit(msg: OutboundMessage): Promise<{ smsc_id: string }> {
    if (this.closed) throw new GatewayRefused('The Kannel gateway is closed');
    if (msg.segments > this.o.maxMessages) {
      throw new KannelRefused(
        'too_long',
        `${msg.segments} parts; Kannel carries at most ${this.o.maxMessages} per message`,
      );
    }
    const smsc = this.o.linkFor(msg.vendor_product_uuid);
    const path = `${this.url.pathname}?${sendsmsQuery(msg, this.o, smsc).toString()}`;
    const until = Date.now() + (this.o.retryForMs ?? 30_000);
    for (let wait = 100; ; wait = Math.min(wait * 2, 2000)) {
      let outcome: { status: number; body: string } | { error: string };
      try {
        outcome = await this.get(path);
      } catch (e) {
        const code = (e as NodeJS.ErrnoException).code ?? '';
        if (!RETRYABLE.has(code)) throw new KannelRefused('refused', `Kannel unreachable: ${(e as Error).message}`);
        outcome = { error: code };
      }
      if ('status' in outcome) {
        if (outcome.status >= 200 && outcome.status < 300) {
          this.accepted++;
          return { smsc_id: smsc ?? 'kannel' };
        }
        if (outcome.status === 403 && /not routable/i.test(outcome.body))
          throw new KannelRefused('no_route', outcome.body.trim());
        if (outcome.status !== 503)
          throw new KannelRefused('refused', `Kannel answered ${outcome.status}: ${outcome.body.trim().slice(0, 200)}`);
      }
      if (Date.now() + wait > until || this.closed) {
        throw new KannelRefused(
          'refused',
          `Kannel kept refusing (${'status' in outcome ? outcome.status : outcome.error}) for ${this.o.retryForMs ?? 30_000} ms`,
        );
      }
      this.retried++;
      await new Promise((r) => setTimeout(r, wait));
    }
  }

  private async get(path: string): Promise<{ status: number; body: string }> {
    const res = await this.agent.request({ origin: this.url.origin, path, method: 'GET' });
    return { status: res.statusCode, body: await res.body.text() };
  }

  async reload(): Promise<void> {
    // The links live in Kannel; the control (POST /gateway restart) rewrites and applies them.
  }

  async close(): Promise<void> {
    this.closed = true;
    await this.agent.destroy();
  }
}
