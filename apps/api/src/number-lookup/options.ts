import type { NumberLookupProvider } from './provider';

/** Number lookup settings (BuildOptions.numberLookup); unset fields come from the NUMBER_LOOKUP_* variables. */
export interface NumberLookupOptions {
  /** the provider (tests pass a counting or failing one); NUMBER_LOOKUP_PROVIDER otherwise */
  provider?: NumberLookupProvider;
  timeoutMs?: number;
  ttlSeconds?: number;
  unknownTtlSeconds?: number;
  cacheSize?: number;
  /** USD per answered lookup for a product that names no price (NUMBER_LOOKUP_COST) */
  cost?: number;
  /** the clock (ms since the epoch): tests move it past an answer's lifetime */
  now?: () => number;
  /** the built-in simulator's latency and failure rate (NUMBER_LOOKUP_SIM_* otherwise) */
  simLatencyMs?: number;
  simFailureRate?: number;
  simRandom?: () => number;
}
