import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from '@sinclair/typebox';
import { GatewayAck, GatewayDlrQuery, GatewayMoQuery } from '@smsc/shared-contract';
import type { TypeBoxProvider } from '../lib/type-provider';
import { adminOnly } from '../lib/access';
import { HttpError } from '../lib/http-error';
import { SmscSimulator } from './gateway/simulator';
import { dlrReceiver, secretCheck } from './gateway-dlr';

const tags = ['gateway'];

/**
 * The gateway's way in: delivery reports (Kannel's dlr-url) and incoming messages (its sms-service
 * get-url), whichever gateway is configured. Not signed in: the shared secret (GATEWAY_SECRET) in the
 * query or the X-Gateway-Secret header proves the caller is the gateway.
 */
export default async function gatewayRoutes(base: FastifyInstance, opts: { secret: string }) {
  const app = base.withTypeProvider<TypeBoxProvider>();
  const check = secretCheck(opts.secret);
  const checkSecret = (req: FastifyRequest<{ Querystring: { secret?: string } }>) =>
    check(req.query.secret ?? (req.headers['x-gateway-secret'] as string | undefined));
  const receiveDlr = dlrReceiver(base);

  app.get(
    '/gateway/dlr',
    { config: { access: 'public' }, schema: { tags, querystring: GatewayDlrQuery, response: { 200: GatewayAck } } },
    async (req) => {
      checkSecret(req);
      return receiveDlr(req.query);
    },
  );

  app.get(
    '/gateway/mo',
    { config: { access: 'public' }, schema: { tags, querystring: GatewayMoQuery, response: { 200: GatewayAck } } },
    async (req) => {
      checkSecret(req);
      const q = req.query;
      const r = await app.messaging.inbound.receive({
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
