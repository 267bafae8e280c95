// fetch's shape for what an outbound delivery needs of it: send a POST through the given dispatcher and read
// the answer's status, the body thrown away. undici's fetch implements the whole WHATWG machinery for each
// call (Request, Headers, web streams, an AbortController of its own) and cost the webhook dispatcher more CPU
// than the rest of an event's delivery; undici's request() on the same pinned agent does the HTTP part alone.
// Errors read as fetch's: a network failure is TypeError('fetch failed') with the cause, an abort the
// signal's reason (TimeoutError for AbortSignal.timeout).
import type { Dispatcher } from 'undici';

type Init = RequestInit & { dispatcher?: Dispatcher };

export async function statusFetch(url: string, init: Init): Promise<Response> {
  const u = new URL(url);
  // fetch refuses these, and so do we (the save-time check refuses them already)
  if (u.username || u.password)
    throw new TypeError('Request cannot be constructed from a URL that includes credentials');
  if (!init.dispatcher) throw new TypeError('statusFetch needs a dispatcher');
  const signal = init.signal ?? undefined;
  try {
    const res = await init.dispatcher.request({
      origin: u.origin,
      path: `${u.pathname}${u.search}`,
      method: (init.method ?? 'GET') as Dispatcher.HttpMethod,
      headers: init.headers as Record<string, string>,
      body: init.body as string | undefined,
      signal,
    });
    // read to the end (a few bytes, or a cap) so the connection goes back to the pool for the next event
    await res.body.dump().catch(() => undefined);
    return { status: res.statusCode, ok: res.statusCode >= 200 && res.statusCode < 300, body: null } as Response;
  } catch (e) {
    if (signal?.aborted) throw signal.reason;
    throw new TypeError('fetch failed', { cause: e });
  }
}
