// A delivery report from the gateway, as GET /gateway/dlr (Kannel's dlr-url) applies it. The built-in simulator
// hands its reports here directly: it runs in this process, and a full HTTP request through the app per report
// (routing, security headers, validation, serialisation) cost more CPU than settling the report itself.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { GatewayAck, GatewayDlrQuery } from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';
import { dlrStatus } from './engine/state';

const FINAL = new Set(['delivered', 'undelivered', 'failed']);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const digest = (s: string) => createHash('sha256').update(s).digest();

/** Throws 401 / 403 unless `given` is the gateway secret. */
export function secretCheck(secret: string): (given: string | undefined) => void {
  const expected = digest(secret);
  return (given) => {
    if (!given) throw new HttpError(401, 'The gateway secret is missing');
    if (!timingSafeEqual(digest(given), expected)) throw new HttpError(403, 'The gateway secret is wrong');
  };
}

/** Applies one report; `app` is read when a report comes (messaging and ops are decorated by then). */
export function dlrReceiver(app: FastifyInstance): (q: GatewayDlrQuery) => Promise<GatewayAck> {
  return async (q) => {
    const to = dlrStatus(q.type);
    // buffered (4) and unknown types move nothing; Kannel only needs a 2xx
    if (!to) return { ok: true };
    const detail =
      q.error && !/^0+$/.test(q.error) ? `SMSC error ${q.error}${q.reply ? `: ${q.reply}` : ''}` : undefined;
    const r = await app.messaging.report(
      q.id,
      to,
      to === 'delivered' || to === 'sent' ? undefined : (detail ?? 'Not delivered'),
      q.smsc || undefined,
    );
    if (!r.status) throw new HttpError(404, 'SMS not found');
    if (r.moved && r.age_seconds !== undefined && FINAL.has(r.status)) app.ops.receiptLatency.observe(r.age_seconds);
    return { ok: true, status: r.status, duplicate: !r.moved };
  };
}

/**
 * The simulator's way to call an inbound URL: a delivery report is applied without an HTTP request (the same
 * secret check and receiver as the route), anything else goes through `inject`. Answers like an HTTP response.
 */
export function simulatorCall(
  dlrPath: string,
  check: (given: string | undefined) => void,
  receive: (q: GatewayDlrQuery) => Promise<GatewayAck>,
  inject: (url: string) => Promise<{ statusCode: number; body: string }>,
): (url: string) => Promise<{ statusCode: number; body: string }> {
  return async (url) => {
    const at = url.indexOf('?');
    if (at < 0 || url.slice(0, at) !== dlrPath) return inject(url);
    const p = new URLSearchParams(url.slice(at + 1));
    const type = Number(p.get('type'));
    const id = p.get('id');
    // anything the route's schema would refuse goes the route's way, so it is answered as the route answers
    if (!id || !UUID.test(id) || !Number.isInteger(type) || type < 0 || type > 64) return inject(url);
    try {
      check(p.get('secret') ?? undefined);
      const ack = await receive({
        id,
        type,
        smsc: p.get('smsc') ?? undefined,
        error: p.get('error') ?? undefined,
        reply: p.get('reply') ?? undefined,
        time: p.get('time') ?? undefined,
      });
      return { statusCode: 200, body: JSON.stringify(ack) };
    } catch (e) {
      if (e instanceof HttpError)
        return { statusCode: e.statusCode, body: JSON.stringify({ error: { message: e.message } }) };
      throw e;
    }
  };
}
