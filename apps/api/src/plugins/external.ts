import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';

export default fp(async (app) => {
  await app.register(cors, { origin: true });
  // A webpack module-federation SPA loads remote chunks and inline styles (antd); a strict CSP breaks it.
  await app.register(helmet, { contentSecurityPolicy: false, crossOriginEmbedderPolicy: false });
  // Not global: only routes that opt in (login) are limited.
  await app.register(rateLimit, {
    global: false,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`, { 'retry-after': String(Math.ceil(ctx.ttl / 1000)) }),
  });
  await app.register(swagger, {
    openapi: {
      info: { title: 'SMSC Console API', version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
    },
  });
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs` });
});
