// The built-in registry: deterministic rules, so a demo, a test or a customer's trial can bring about each
// outcome on purpose (docs/compliance.md lists them). Reviews take COMPLIANCE_SIM_REVIEW_SECONDS.
import { randomUUID } from 'node:crypto';
import type { FilingDetails } from '@smsc/shared-contract';
import {
  RegistryUnavailable,
  type RegistryDecision,
  type RegistryFiling,
  type RegistryProvider,
} from './registry-port';

/** Where the word "reject" in a field leads, and the reason the registry gives for it. */
const REJECT_REASONS: [keyof FilingDetails | 'name', string][] = [
  ['legal_name', 'The legal name could not be matched to the tax ID on record (identity check failed).'],
  ['name', 'The name could not be matched to the business on record (identity check failed).'],
  ['website', 'The website does not show the business or its privacy policy.'],
  ['description', 'The description does not match the messages the samples show.'],
  ['opt_in_flow', 'The opt-in flow does not show where and how recipients agree to receive messages.'],
  ['sample_messages', 'The sample messages contain content carriers do not allow.'],
];

const mentions = (v: unknown): boolean =>
  typeof v === 'string' ? /reject/i.test(v) : Array.isArray(v) ? v.some(mentions) : false;

/** The simulator's decision (exported for its tests): the first rule that applies, in the order documented. */
export function simulatedDecision(f: RegistryFiling, attempt: number): RegistryDecision {
  // 1. "delay" in the name: the first ask answers "still in review"
  if (/delay/i.test(f.name) && attempt === 1) return { outcome: 'pending', retryAfterSeconds: 0 };
  // 2. "reject" in a field: rejected with that field's reason
  for (const [field, reason] of REJECT_REASONS) {
    const value = field === 'name' ? f.name : f.details[field];
    if (mentions(value)) return { outcome: 'rejected', reason };
  }
  // 3. a campaign needs an approved brand at the registry
  if (f.kind === 'campaign_10dlc' && f.brand?.status !== 'approved')
    return {
      outcome: 'rejected',
      reason: 'The campaign’s brand is not approved: resubmit once the brand is approved.',
    };
  // 4. messages to the public must say how to stop them
  const samples = f.details.sample_messages ?? [];
  if (f.kind !== 'brand_10dlc' && f.kind !== 'sender_id' && !samples.some((s) => /\bSTOP\b/i.test(s)))
    return {
      outcome: 'rejected',
      reason: 'The sample messages do not say how to opt out: add "Reply STOP to opt out" to at least one sample.',
    };
  // 5. a high-volume campaign needs a description of its opt-in that is more than a phrase
  if ((f.details.monthly_volume ?? 0) > 1_000_000 && (f.details.opt_in_flow ?? '').trim().length < 40)
    return {
      outcome: 'rejected',
      reason:
        'Above 1,000,000 messages a month the opt-in flow must be described in full (where, what wording, records kept).',
    };
  return { outcome: 'approved' };
}

export class SimulatedRegistry implements RegistryProvider {
  readonly name = 'simulator';
  constructor(private readonly reviewSeconds: number) {}

  async submit(f: RegistryFiling): Promise<{ ref: string; decideAfterSeconds: number }> {
    // "outage" in the name: the registry does not answer (the filing stays as it was; try again later)
    if (/outage/i.test(f.name)) throw new RegistryUnavailable('The registry did not answer (simulated outage)');
    return { ref: `SIM-${randomUUID().slice(0, 8).toUpperCase()}`, decideAfterSeconds: this.reviewSeconds };
  }

  async decide(f: RegistryFiling, _ref: string, attempt: number): Promise<RegistryDecision> {
    const d = simulatedDecision(f, attempt);
    return d.outcome === 'pending' ? { ...d, retryAfterSeconds: this.reviewSeconds } : d;
  }
}
