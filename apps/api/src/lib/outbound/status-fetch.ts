// fetch's shape for what an outbound delivery needs of it: send a POST through the given dispatcher and read
// the answer's status, the body thrown away. undici's fetch implements the whole WHATWG machinery for each
// call (Request, Headers, web streams, an AbortController of its own), and even its request() makes a
// readable stream of every answer's body and a promise chain around it; the webhook dispatcher makes tens of
// thousands of calls a minute, so this drives undici's dispatch() with a handler that keeps the status and
// drops the body as it arrives (a third less CPU a call than request(), measured in the webhook benchmark).
// Errors read as fetch's: a network failure is TypeError('fetch failed') with the cause, an abort the
// signal's reason (TimeoutError for AbortSignal.timeout).
import type { Dispatcher } from 'undici';

/** `idempotent`: the request may be pipelined and sent again by undici (a delivery its receiver deduplicates) */
type Init = RequestInit & { dispatcher?: Dispatcher; idempotent?: boolean };

/** An answer's body read past this is cut off (the connection closed): an endpoint cannot stream into us. */
const BODY_LIMIT = 128 * 1024;

/** Each URL's parts, kept (a delivery posts to the same few URLs again and again); bounded, as the URLs are. */
const parsed = new Map<string, { origin: string; path: string; credentials: boolean }>();
function parse(url: string) {
  let p = parsed.get(url);
  if (!p) {
    const u = new URL(url);
    p = { origin: u.origin, path: `${u.pathname}${u.search}`, credentials: !!(u.username || u.password) };
    if (parsed.size >= 10_000) parsed.clear();
    parsed.set(url, p);
  }
  return p;
}

/** What statusFetch answers: fetch's status, and whether the endpoint said it closes the connection. */
export type StatusAnswer = Response & { closes?: boolean };

/** `connection: close` among an answer's raw headers (names and values alternate). */
function saysClose(raw: Buffer[] | string[] | null | undefined): boolean {
  if (!raw) return false;
  for (let i = 0; i + 1 < raw.length; i += 2)
    if (String(raw[i]).toLowerCase() === 'connection' && /close/i.test(String(raw[i + 1]))) return true;
  return false;
}

export function statusFetch(url: string, init: Init): Promise<StatusAnswer> {
  let u: ReturnType<typeof parse>;
  try {
    u = parse(url);
  } catch (e) {
    return Promise.reject(e);
  }
  // fetch refuses these, and so do we (the save-time check refuses them already)
  if (u.credentials)
    return Promise.reject(new TypeError('Request cannot be constructed from a URL that includes credentials'));
  const dispatcher = init.dispatcher;
  if (!dispatcher) return Promise.reject(new TypeError('statusFetch needs a dispatcher'));
  const signal = init.signal ?? undefined;
  if (signal?.aborted) return Promise.reject(signal.reason);
  return new Promise<StatusAnswer>((resolve, reject) => {
    let status = 0;
    let closes = false;
    let read = 0;
    let settled = false;
    let abortRequest: ((err: Error) => void) | null = null;
    const settle = (e: unknown) => {
      if (settled) return;
      settled = true;
      signal?.removeEventListener('abort', onAbort);
      if (e) reject(e);
      else resolve({ status, ok: status >= 200 && status < 300, body: null, closes } as StatusAnswer);
    };
    // a request still waiting for its connection is aborted when it gets one (undici calls onConnect then)
    const onAbort = () => {
      abortRequest?.(signal?.reason);
      settle(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    dispatcher.dispatch(
      {
        origin: u.origin,
        path: u.path,
        method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
        headers: init.headers as Record<string, string>,
        body: init.body as string | undefined,
        idempotent: init.idempotent,
      },
      {
        onConnect(abort) {
          if (settled) abort(signal?.reason ?? new Error('aborted'));
          else abortRequest = abort;
        },
        onHeaders(statusCode, rawHeaders) {
          status = statusCode;
          closes = saysClose(rawHeaders as Buffer[]);
          return true;
        },
        onData(chunk) {
          read += chunk.length;
          if (read <= BODY_LIMIT) return true;
          settle(null);
          abortRequest?.(new Error('answer body over the limit'));
          return false;
        },
        onComplete() {
          settle(null);
        },
        onError(err) {
          if (settled) return;
          settle(signal?.aborted ? signal.reason : new TypeError('fetch failed', { cause: err }));
        },
      },
    );
  });
}
