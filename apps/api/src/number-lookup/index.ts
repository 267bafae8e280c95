// Number lookup in the routing path (issue 49 item 5, docs/number-lookup.md): before a message of a product with
// lookup on is priced and routed, its number's network (ported or not) and line type are looked up, through this
// node's memory, the number_lookups table, then the provider (the built-in simulator, or the HTTP adapter). The
// plugin plugs its service into the send pipeline (messaging.useNumberLookups) and decorates it as
// `app.numberLookup`.
import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import { toMicros } from '../catalog';
import { apiOf } from '../lib/api-context';
import type { EnvConfig } from '../config';
import { HttpLookupProvider } from './http-provider';
import type { NumberLookupOptions } from './options';
import type { NumberLookupProvider } from './provider';
import { dropExpired } from './repository';
import { NumberLookupService } from './service';
import { LookupSimulator } from './simulator';

export { NumberLookupService, type LookupStats } from './service';
export { LookupSimulator, simulatedAnswer, LOOKUP_MAGIC, PORTED_SUFFIX } from './simulator';
export { HttpLookupProvider } from './http-provider';
export type { NumberLookupProvider, ProviderAnswer, NetworkAnswer } from './provider';
export type { NumberLookupOptions } from './options';
export { lookupsHeld } from './repository';

declare module 'fastify' {
  interface FastifyInstance {
    /** number lookups: the pipeline's port, its provider and its figures */
    numberLookup: NumberLookupService;
  }
}

/** The number lookup service of an app, from the root instance tests and benchmarks hold. */
export const numberLookupOf = (app: FastifyInstance): NumberLookupService => apiOf(app).numberLookup;

/** The provider the settings name: the simulator unless NUMBER_LOOKUP_PROVIDER=http. */
function providerOf(o: NumberLookupOptions, env: EnvConfig): NumberLookupProvider {
  if (o.provider) return o.provider;
  if (env.NUMBER_LOOKUP_PROVIDER === 'http') {
    if (!env.NUMBER_LOOKUP_URL) throw new Error('NUMBER_LOOKUP_PROVIDER=http needs NUMBER_LOOKUP_URL');
    return new HttpLookupProvider({ url: env.NUMBER_LOOKUP_URL, apiKey: env.NUMBER_LOOKUP_API_KEY });
  }
  return new LookupSimulator({
    latencyMs: o.simLatencyMs ?? env.NUMBER_LOOKUP_SIM_LATENCY_MS,
    failureRate: o.simFailureRate ?? env.NUMBER_LOOKUP_SIM_FAILURE_RATE,
    random: o.simRandom,
  });
}

const SWEEP_MS = 3_600_000;

export default fp(
  async function numberLookup(app: FastifyInstance) {
    const o: NumberLookupOptions = app.config.numberLookup ?? {};
    const env = app.config.env;
    const now = o.now ?? Date.now;
    const service = new NumberLookupService(
      app.db,
      providerOf(o, env),
      {
        timeoutMs: o.timeoutMs ?? env.NUMBER_LOOKUP_TIMEOUT_MS,
        ttlSeconds: o.ttlSeconds ?? env.NUMBER_LOOKUP_TTL_SECONDS,
        unknownTtlSeconds: o.unknownTtlSeconds ?? env.NUMBER_LOOKUP_UNKNOWN_TTL_SECONDS,
        cacheSize: o.cacheSize ?? env.NUMBER_LOOKUP_CACHE_SIZE,
        costMicros: toMicros((o.cost ?? env.NUMBER_LOOKUP_COST).toFixed(6)),
        now,
      },
      app.log,
    );
    app.decorate('numberLookup', service);
    app.messaging.useNumberLookups(service);
    // answers of numbers not messaged again would stay: each node drops the long-expired ones hourly (a delete of
    // the same rows from two nodes is harmless)
    const sweep = setInterval(() => {
      dropExpired(app.db, new Date(now() - 86_400_000)).catch((err) =>
        app.log.warn({ err: (err as Error).message }, 'number lookup: expired answers not dropped'),
      );
    }, SWEEP_MS);
    sweep.unref();
    app.addHook('preClose', async () => clearInterval(sweep));
  },
  { name: 'number-lookup', dependencies: ['catalog', 'messaging'] },
);
