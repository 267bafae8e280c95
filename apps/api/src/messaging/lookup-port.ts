// The seam through which number lookup (apps/api/src/number-lookup, docs/number-lookup.md) acts on the pipeline:
// for a product with lookup on, the network a number is on now (ported or not) prices and routes its message.
// Messaging owns the shape and calls it; the number-lookup plugin, registered after messaging, plugs its service in
// with messaging.useNumberLookups(). Without it no number is looked up and every message goes by its prefix.
import type { LookupError, LookupLineType } from '@smsc/shared-contract';
import { networkOfMccMnc, type CompiledCatalog, type CompiledProduct } from '../catalog';
import type { StoredLookup } from './schema';
import type { CompanyFacts } from './pipeline-types';

/** What a lookup gave for one number: an answer (from the provider or the cache), or a failure. */
export type LookupOutcome =
  | {
      status: 'found';
      source: 'provider' | 'cache';
      provider: string;
      mcc: string | null;
      mnc: string | null;
      network_name: string | null;
      ported: boolean;
      line_type: LookupLineType;
    }
  /** the provider does not know the number (not allocated, no subscriber): not charged, routed by prefix */
  | { status: 'unknown'; source: 'provider' | 'cache'; provider: string }
  /** no answer in time, or an error: not charged, routed by prefix */
  | { status: 'failed'; provider: string; error: LookupError; message: string };

export interface NumberLookups {
  /** every asked number's outcome (a failure is an outcome: this never throws) */
  lookup(numbers: readonly string[]): Promise<Map<string, LookupOutcome>>;
  /** the answers already kept for these numbers, without a provider call (read beside a send's other facts) */
  cached(numbers: readonly string[]): Promise<Map<string, LookupOutcome>>;
  /** what one answered lookup costs the platform (micro-units) for a product that names no price */
  readonly costMicros: number;
}

export const NO_LOOKUPS: NumberLookups = {
  lookup: async () => new Map(),
  cached: async () => new Map(),
  costMicros: 0,
};

/** The company's product when it has number lookup on, else null. */
export function lookupProduct(catalog: CompiledCatalog, company: CompanyFacts): CompiledProduct | null {
  const product = company.product_uuid ? catalog.products.get(company.product_uuid) : undefined;
  return product?.numberLookup ? product : null;
}

/** A lookup as the message uses and keeps it: the network to route by, the note, what it cost. */
export interface AppliedLookup {
  /** the catalog's network the lookup found; null: routed by the number's prefix */
  networkUuid: string | null;
  note: StoredLookup;
  /** micro-units paid to the provider for this message's lookup; null when nothing was paid */
  cost: bigint | null;
}

/**
 * What a lookup outcome means for one message. Only an answer the provider gave for this message is paid (a cached
 * answer, a number it does not know and a failure cost nothing); `paid` is false for a second message to the same
 * number in one batch, whose answer came with the first's call.
 */
export function applyLookup(
  catalog: CompiledCatalog,
  product: CompiledProduct,
  outcome: LookupOutcome,
  paid: boolean,
  defaultCostMicros: number,
  /** the number's country: an MCC/MNC several territories share names the network of this one */
  iso2: string | null,
): AppliedLookup {
  const found = outcome.status === 'found' ? outcome : null;
  const networkUuid = found ? networkOfMccMnc(catalog, found.mcc, found.mnc, iso2) : null;
  const note: StoredLookup = {
    status: outcome.status,
    source: outcome.status === 'failed' ? null : outcome.source,
    provider: outcome.provider,
    mcc: found?.mcc ?? null,
    mnc: found?.mnc ?? null,
    network_name: found?.network_name ?? null,
    ported: found ? found.ported : null,
    line_type: found?.line_type ?? null,
    error: outcome.status === 'failed' ? outcome.error : null,
    routed_by: networkUuid ? 'lookup' : 'prefix',
  };
  const charged = paid && found?.source === 'provider';
  return { networkUuid, note, cost: charged ? BigInt(product.lookupCostMicros ?? defaultCostMicros) : null };
}

/** The sms columns of an applied lookup (none: both null). */
export function lookupColumns(applied: AppliedLookup | null | undefined): {
  lookup: string | null;
  lookup_cost: string | null;
} {
  return {
    lookup: applied ? JSON.stringify(applied.note) : null,
    lookup_cost: applied?.cost === null || applied?.cost === undefined ? null : applied.cost.toString(),
  };
}
