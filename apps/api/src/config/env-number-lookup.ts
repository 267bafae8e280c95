// Number lookup in the routing path (number-lookup/, docs/number-lookup.md): the provider, its timeout,
// the cache's lifetimes and size, what an answered lookup costs, and the built-in simulator's behaviour.
import { Type } from '@sinclair/typebox';
import { int, num, oneOf, str, url } from './env-kinds';

export const NUMBER_LOOKUP_ENV = {
  NUMBER_LOOKUP_PROVIDER: oneOf(['simulator', 'http'] as const, {
    default: 'simulator',
    group: 'Gateway',
    description:
      'who answers number lookups for the products that have them on: the built-in HLR/MNP simulator, or `http` (`NUMBER_LOOKUP_URL`, docs/number-lookup.md)',
  }),
  NUMBER_LOOKUP_URL: Type.Optional(
    url({
      group: 'Gateway',
      example: 'https://hlr.example.com/v1/lookup',
      description:
        'the `http` provider: where lookups are posted (`{"numbers": [...]}` as JSON, answered per number; docs/number-lookup.md)',
    }),
  ),
  NUMBER_LOOKUP_API_KEY: Type.Optional(
    str({
      group: 'Gateway',
      example: 'change-me',
      description: 'the `http` provider: sent as `Authorization: Bearer …`',
    }),
  ),
  NUMBER_LOOKUP_TIMEOUT_MS: int(1, {
    default: 1500,
    maximum: 60_000,
    group: 'Gateway',
    description:
      'a lookup the provider has not answered in this time fails: the message is routed by its prefix and no lookup is charged',
  }),
  NUMBER_LOOKUP_TTL_SECONDS: int(0, {
    default: 604_800,
    group: 'Gateway',
    description:
      'how long an answered lookup (network, ported or not, line type) is kept and reused without asking the provider (7 days); `0` keeps none',
  }),
  NUMBER_LOOKUP_UNKNOWN_TTL_SECONDS: int(0, {
    default: 86_400,
    group: 'Gateway',
    description: 'how long a number the provider does not know is remembered as such; `0` asks again every time',
  }),
  NUMBER_LOOKUP_CACHE_SIZE: int(0, {
    default: 100_000,
    group: 'Gateway',
    description:
      'answers each node keeps in memory in front of the `number_lookups` table (least recently used go first)',
  }),
  NUMBER_LOOKUP_COST: num(0, 1000, {
    default: 0.0005,
    group: 'Gateway',
    description:
      "what one answered lookup costs the platform (USD) for a product that names no price of its own; in the margin reports' lookup cost",
  }),
  NUMBER_LOOKUP_SIM_LATENCY_MS: int(0, {
    default: 30,
    maximum: 60_000,
    group: 'Gateway',
    description: 'built-in lookup simulator: how long it takes to answer a request',
  }),
  NUMBER_LOOKUP_SIM_FAILURE_RATE: num(0, 1, {
    default: 0,
    group: 'Gateway',
    description: 'built-in lookup simulator: share of numbers it answers with a provider error (0..1)',
  }),
};
