// The registry port: how a filing reaches the body that approves it (The Campaign Registry through a carrier or
// aggregator for 10DLC, the toll-free verification desk, a country's sender-ID registry). The built-in
// simulator (simulator.ts) is the default; a real adapter implements the same two calls (docs/compliance.md).
import type { FilingDetails, FilingKind } from '@smsc/shared-contract';

/** What a registry is shown of a filing. */
export interface RegistryFiling {
  filing_uuid: string;
  kind: FilingKind;
  name: string;
  details: FilingDetails;
  country: string | null;
  sender_id: string | null;
  /** a campaign's brand as the registry knows it */
  brand: { registry_ref: string | null; status: string } | null;
}

/** The registry is unreachable or refused the call itself (not the filing): the filing stays where it was. */
export class RegistryUnavailable extends Error {}

export type RegistryDecision =
  | { outcome: 'approved' }
  | { outcome: 'rejected'; reason: string }
  /** still in review: ask again after this long */
  | { outcome: 'pending'; retryAfterSeconds: number };

export interface RegistryProvider {
  readonly name: string;
  /** Hands a filing over for review; answers the registry's reference and when to ask for its decision. */
  submit(filing: RegistryFiling): Promise<{ ref: string; decideAfterSeconds: number }>;
  /** The registry's decision on a filing it holds (`attempt` counts the asks, from 1). */
  decide(filing: RegistryFiling, ref: string, attempt: number): Promise<RegistryDecision>;
}
