import { API_PREFIX } from '@smsc/shared-contract';

/**
 * One call the console made, as the stub saw it (path without the API prefix).
 * `headers` are the request's own, for specs that check what the console sent (an Idempotency-Key, say).
 */
export interface StubCall {
  method: string;
  path: string;
  query: URLSearchParams;
  body: unknown;
  headers: Headers;
}
/** What the stub answers: a JSON body and a status (200 unless given); undefined means "not stubbed" (500). */
export type StubAnswer = { status?: number; body: unknown } | undefined;

/**
 * Stands in for the API in component tests: RTK Query's fetch goes to `answer`, every call is recorded.
 * jsdom's Request refuses relative URLs, so relative ones are resolved against http://localhost.
 * Call it in beforeAll (or a test) and `restore()` in afterAll.
 */
export function stubApi(answer: (call: StubCall) => StubAnswer | Promise<StubAnswer>) {
  const realFetch = globalThis.fetch;
  const RealRequest = globalThis.Request;
  const calls: StubCall[] = [];
  globalThis.Request = class extends RealRequest {
    constructor(input: RequestInfo | URL, init?: RequestInit) {
      super(typeof input === 'string' ? new URL(input, 'http://localhost').href : input, init);
    }
  } as typeof Request;
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(input, init);
    const url = new URL(req.url);
    const text = req.method === 'GET' || req.method === 'HEAD' ? '' : await req.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      /* a non-JSON body stays text */
    }
    const call = {
      method: req.method,
      path: url.pathname.replace(API_PREFIX, ''),
      query: url.searchParams,
      body,
      headers: req.headers,
    };
    calls.push(call);
    const out = (await answer(call)) ?? {
      status: 500,
      body: { status: 500, code: 'not_stubbed', detail: `not stubbed: ${call.method} ${call.path}` },
    };
    return new Response(JSON.stringify(out.body), {
      status: out.status ?? 200,
      // an error answer is a problem, as the server's are (docs/api-errors.md)
      headers: { 'content-type': (out.status ?? 200) >= 400 ? 'application/problem+json' : 'application/json' },
    });
  }) as typeof fetch;
  return {
    calls,
    restore() {
      globalThis.fetch = realFetch;
      globalThis.Request = RealRequest;
    },
  };
}
