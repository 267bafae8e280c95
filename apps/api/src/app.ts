import { sendProblem } from './lib/problem';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import {
  API_PREFIX,
  DATE_BOUND_FORMAT,
  STORABLE_TEXT_FORMAT,
  isDateBound,
  isStorableText,
} from '@smsc/shared-contract';
import { resolveConfig, type BuildOptions } from './config/build-options';
import external from './plugins/external';
import errors from './plugins/errors';
import core from './plugins/core';
import cluster from './cluster';
import auth from './plugins/auth';
import staticWeb from './plugins/static-web';
import domains from './domains';
import ops from './ops';
import { requestIds } from './ops/request-id';
import security from './security';
import { loggerOptions } from './security/log-safety';
import { lazySerializers } from './lib/lazy-serializers';
import heavyRequests from './lib/heavy-requests';
import './lib/access';
import './lib/api-context';

export type { BuildOptions };

/** Builds the whole server (external plugins, app core, routes, console files) and waits until ready. */
export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(opts, randomBytes(32).toString('hex'));
  const app = Fastify({
    logger: opts.logger
      ? loggerOptions(opts.logStream, typeof opts.logger === 'object' ? opts.logger.level : undefined)
      : false,
    // Off unless configured: with it on, X-Forwarded-For from a trusted proxy sets req.ip, which the
    // login limits key on; from anyone else the header is ignored.
    trustProxy: config.trustProxy as FastifyServerOptions['trustProxy'],
    genReqId: requestIds(Array.isArray(config.trustProxy) ? config.trustProxy.length > 0 : Boolean(config.trustProxy)),
    // Bodies above 1 MiB are refused (413); CSV imports fit well below this.
    bodyLimit: 1024 * 1024,
    // PGlite's first start (wasm compile, initdb, migrations, seed) can exceed the 10 s default.
    pluginTimeout: 120_000,
    // a path Fastify cannot decode (bad percent-encoding) is refused before any route: a problem like every error
    frameworkErrors: (err, req, reply) =>
      sendProblem(req, reply, {
        status: 400,
        code: err.code === 'FST_ERR_BAD_URL' ? 'bad_url' : 'validation',
        detail: err.code === 'FST_ERR_BAD_URL' ? 'The address has a part that is not valid URL encoding' : err.message,
      }),
    ...(config.lazySerializers
      ? { schemaController: { compilersFactory: { buildSerializer: lazySerializers() } } }
      : {}),
    ajv: {
      customOptions: {
        removeAdditional: false,
        coerceTypes: 'array',
        allErrors: false,
        formats: { [STORABLE_TEXT_FORMAT]: isStorableText, [DATE_BOUND_FORMAT]: isDateBound },
      },
    },
  });
  app.addHook('onRequest', async (req, reply) => {
    reply.header('x-request-id', req.id);
  });
  await app.register(errors);
  // core first: the login limits keep their counters in its database.
  await app.register(core, { config, sharedDb: opts.sharedDb as Kysely<Database> | undefined });
  // before the routes: its hooks time every request
  await app.register(ops);
  if (config.env.SMPP_ROLE === 'smpp') {
    // a process of its own for the customer SMPP port: its HTTP side is for the operator's probes and scrapes only
    const served = new Set(['/health', '/ready', '/metrics']);
    app.addHook('onRequest', async (req, reply) => {
      if (!served.has(req.url.split('?')[0]))
        return sendProblem(req, reply, {
          status: 404,
          code: 'route_not_found',
          detail: 'This process serves SMPP only (SMPP_ROLE=smpp)',
        });
    });
  }
  // which node runs each periodic task (the domains register their roles)
  await app.register(cluster);
  await app.register(external);
  await app.register(security);
  await app.register(auth);
  // after the sign-in, before the routes: counts each tenant's large-input calls (config.heavy)
  await app.register(heavyRequests, { perTenant: config.heavyRequestsPerTenant });
  await app.register(staticWeb);
  // The domain plugins decorate their services in the API context; the root holds that context as
  // `api` (lib/api-context.ts) so whoever holds the app reaches them.
  let api: FastifyInstance | undefined;
  await app.register(
    async (context) => {
      api = context;
      await domains(context);
    },
    { prefix: API_PREFIX },
  );
  app.decorate('api', api as FastifyInstance);
  await app.ready();
  if (config.passwordHashCost === 'fast')
    app.log.warn('PASSWORD_HASH_COST=fast: password hashes are below OWASP cost; for tests and local runs only');
  return app;
}
