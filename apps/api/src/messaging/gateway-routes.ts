import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { GatewayAck, GatewayDlrQuery, GatewayMoQuery } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { dlrStatus } from './engine/state';

const FINAL = new Set(['delivered', 'undelivered', 'failed']);
import { SmscSimulator } from './gateway/simulator';

const tags = ['gateway'];
const digest = (s: string) => createHash('sha256').update(s).digest();

/**
 * The gateway's way in: delivery reports (Kannel's dlr-url) and incoming messages (its sms-service
 * get-url), whichever gateway is configured. Not signed in: the shared secret (GATEWAY_SECRET) in the
 * query or the X-Gateway-Secret header proves the caller is the gateway.
 */
export default async function gatewayRoutes(base: FastifyInstance, opts: { secret: string }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const expected = digest(opts.secret);
  const checkSecret = (req: FastifyRequest<{ Querystring: { secret?: string } }>) => {
    const given = req.query.secret ?? (req.headers['x-gateway-secret'] as string | undefined);
    if (!given) throw new HttpError(401, 'The gateway secret is missing');
    if (!timingSafeEqual(digest(given), expected)) throw new HttpError(403, 'The gateway secret is wrong');
  };

  app.get(
    '/gateway/dlr',
    { config: { access: 'public' }, schema: { tags, querystring: GatewayDlrQuery, response: { 200: GatewayAck } } },
    async (req) => {
      checkSecret(req);
      const to = dlrStatus(req.query.type);
      // buffered (4) and unknown types move nothing; Kannel only needs a 2xx
      if (!to) return { ok: true };
      const detail =
        req.query.error && !/^0+$/.test(req.query.error)
          ? `SMSC error ${req.query.error}${req.query.reply ? `: ${req.query.reply}` : ''}`
          : undefined;
      const r = await app.messaging.report(
        req.query.id,
        to,
        to === 'delivered' || to === 'sent' ? undefined : (detail ?? 'Not delivered'),
      );
      if (!r.status) throw new HttpError(404, 'SMS not found');
      if (r.moved && r.age_seconds !== undefined && FINAL.has(r.status)) app.ops.receiptLatency.observe(r.age_seconds);
      return { ok: true, status: r.status, duplicate: !r.moved };
    },
  );

  app.get(
    '/gateway/mo',
    { config: { access: 'public' }, schema: { tags, querystring: GatewayMoQuery, response: { 200: GatewayAck } } },
    async (req) => {
      checkSecret(req);
      const q = req.query;
      const r = await app.messaging.receive({
        from: q.from,
        to: q.to,
        text: q.text,
        smsc_id: q.smsc,
        external_id: q.id,
      });
      return { ok: true, status: 'received' as const, duplicate: r.duplicate };
    },
  );

  /** The simulator's handset: the system admin (and the demo) make a number text one of the platform's numbers. */
  const InjectBody = Type.Object(
    { from: GatewayMoQuery.properties.from, to: GatewayMoQuery.properties.to, text: GatewayMoQuery.properties.text },
    { additionalProperties: false },
  );
  app.post(
    '/gateway/simulator/mo',
    { config: { access: adminOnly }, schema: { tags, body: InjectBody, response: { 200: GatewayAck } } },
    async (req) => {
      if (!(app.gateway instanceof SmscSimulator))
        throw new HttpError(409, 'The configured gateway is not the built-in simulator');
      const res = await app.gateway.injectMo(req.body);
      if (res.statusCode >= 400)
        throw new HttpError(
          res.statusCode >= 500 ? 502 : res.statusCode,
          `The incoming message was refused: ${res.body.slice(0, 200)}`,
        );
      return { ok: true, status: 'received' as const };
    },
  );
}
