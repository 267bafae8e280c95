import Fastify, { type FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from './db/schema';
import { API_PREFIX, STORABLE_TEXT_FORMAT, isStorableText } from '@smsc/shared-contract';
import { resolveConfig, type BuildOptions } from './config';
import external from './plugins/external';
import errors from './plugins/errors';
import core from './plugins/core';
import auth from './plugins/auth';
import staticWeb from './plugins/static-web';
import routes from './routes';
import security from './security';
import { loggerOptions } from './security/log-safety';
import './lib/access';

export type { BuildOptions };

/** Builds the whole server (external plugins, app core, routes, console files) and waits until ready. */
export async function build(opts: BuildOptions = {}): Promise<FastifyInstance> {
  const config = resolveConfig(opts, randomBytes(32).toString('hex'));
  const app = Fastify({
    logger: opts.logger ? loggerOptions(opts.logStream, typeof opts.logger === 'object' ? opts.logger.level : undefined) : false,
    // Bodies above 1 MiB are refused (413); CSV imports fit well below this.
    bodyLimit: 1024 * 1024,
    // PGlite's first start (wasm compile, initdb, migrations, seed) can exceed the 10 s default.
    pluginTimeout: 120_000,
    ajv: { customOptions: { removeAdditional: false, coerceTypes: 'array', allErrors: false, formats: { [STORABLE_TEXT_FORMAT]: isStorableText } } },
  });
  await app.register(errors);
  // core first: the login limits keep their counters in its database.
  await app.register(core, { config, sharedDb: opts.sharedDb as Kysely<Database> | undefined });
  await app.register(external);
  await app.register(security);
  await app.register(auth);
  await app.register(staticWeb);
  await app.register(routes, { prefix: API_PREFIX });
  await app.ready();
  return app;
}
