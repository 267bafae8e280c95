// Request ids that join the log lines of several nodes: random (a UUID) rather than Fastify's per-process
// counter, which every node starts at req-1. Behind a trusted proxy the proxy's id (nginx `$request_id` as
// X-Request-Id) or the W3C trace id of a `traceparent` is kept, so one request reads the same in the proxy's log
// and ours. Every answer carries it in X-Request-Id, and a 500 names it, so a customer's report can be found.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';

const PROXY_ID = /^[A-Za-z0-9._:-]{8,128}$/;
const TRACEPARENT = /^[0-9a-f]{2}-([0-9a-f]{32})-[0-9a-f]{16}-[0-9a-f]{2}$/;
const ZERO_TRACE = '0'.repeat(32);

const header = (req: IncomingMessage, name: string) => {
  const v = req.headers[name];
  return typeof v === 'string' ? v.trim() : undefined;
};

/** The request id generator: a caller's id is taken only from a proxy we trust (TRUST_PROXY), never from anyone. */
export function requestIds(trustProxy: boolean): (req: IncomingMessage) => string {
  return (req) => {
    if (trustProxy) {
      const given = header(req, 'x-request-id');
      if (given && PROXY_ID.test(given)) return given;
      const trace = TRACEPARENT.exec(header(req, 'traceparent') ?? '')?.[1];
      if (trace && trace !== ZERO_TRACE) return trace;
    }
    return randomUUID();
  };
}
