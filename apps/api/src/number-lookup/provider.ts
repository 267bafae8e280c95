// The lookup provider port (docs/number-lookup.md: how to add one). A provider answers, for E.164 numbers, the
// mobile network each is on now (MCC/MNC and name), whether it was ported there, and its line type: what an
// HLR or MNP query answers. The built-in simulator (simulator.ts) and the HTTP adapter (http-provider.ts)
// implement it; the service (service.ts) adds the timeout, the caches and the cost, so a provider does neither.
import type { LookupLineType } from '@smsc/shared-contract';

/** What a provider found for a number on a network (mcc and mnc null for a line with none: a landline, VoIP). */
export interface NetworkAnswer {
  mcc: string | null;
  mnc: string | null;
  network_name: string | null;
  ported: boolean;
  line_type: LookupLineType;
}

export type ProviderAnswer =
  | ({ status: 'found' } & NetworkAnswer)
  /** the provider does not know the number (not allocated, no subscriber) */
  | { status: 'unknown' }
  /** the provider could not answer for this number (its other numbers may have answers) */
  | { status: 'error'; message: string };

export interface NumberLookupProvider {
  /** kept with each answer ('simulator', 'http') */
  readonly name: string;
  /** the most numbers one call takes: the service splits larger batches into calls of this size, run at once */
  readonly maxBatch: number;
  /**
   * One answer per number, in the order asked. Throws when the whole call fails (every number then fails with a
   * provider error). Must stop when `signal` aborts (the service's timeout): a call that does not fails by timeout.
   */
  lookup(numbers: readonly string[], signal: AbortSignal): Promise<ProviderAnswer[]>;
}

/** A wait that ends early (rejecting) when the signal aborts. */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', stop);
      resolve();
    }, ms);
    const stop = () => {
      clearTimeout(timer);
      reject(signal.reason);
    };
    signal.addEventListener('abort', stop, { once: true });
  });
}
