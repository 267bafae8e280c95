import fp from 'fastify-plugin';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX } from '@smsc/shared-contract';
import { HttpError } from '../lib/http-error';
import path from 'node:path';
import { readPrerenderManifest } from './prerendered-pages';
import { openApiOptions } from './openapi';
import { cspDirectives, pgRateLimitStore } from '../security';
import { API_TITLE, brandedDocs } from '../branding';

export default fp(async (app) => {
  const { corsOrigins, cspRemoteOrigins, webRoot } = app.config;
  // the inline script of the prerendered public pages, allowed by its hash
  const { scriptHashes } = readPrerenderManifest(path.join(webRoot, 'shell'));
  // The console and the API share one origin, so CORS is off unless origins are configured
  // (an exact allowlist: no wildcard, and `null` is never echoed).
  await app.register(cors, { origin: corsOrigins.length ? corsOrigins : false });
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: cspDirectives(cspRemoteOrigins, scriptHashes) },
    crossOriginEmbedderPolicy: false,
    frameguard: { action: 'deny' },
  });
  // Not global: only routes that opt in (login, registration) are limited. Counters live in the
  // database so every server process shares them.
  await app.register(rateLimit, {
    global: false,
    store: pgRateLimitStore(app.db) as never,
    errorResponseBuilder: (_req, ctx) =>
      new HttpError(429, `Too many requests, retry in ${Math.ceil(ctx.ttl / 1000)} s`, {
        'retry-after': String(Math.ceil(ctx.ttl / 1000)),
      }),
  });
  // before the docs' routes, which inherit it: on a reseller's host the docs carry its brand's name
  app.addHook('onSend', brandedDocs(app));
  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, { routePrefix: `${API_PREFIX}/docs`, theme: { title: API_TITLE } });
});
