// The seam through which privacy erasures (apps/api/src/privacy, docs/privacy.md) act on the pipeline: an erased
// number that had opted out, or was erased with "send nothing again", is held only as a keyed hash, so the
// suppression list cannot name it. The privacy plugin plugs its service in with messaging.useErasures(); until
// then no number is blocked this way.
import type { CompanyFacts } from './pipeline-types';

export interface ErasedNumbers {
  /** of these E.164 numbers, those the company may not message */
  blocked(company: Pick<CompanyFacts, 'company_uuid' | 'reseller_uuid'>, e164s: string[]): Promise<Set<string>>;
}

export const NO_ERASURES: ErasedNumbers = { blocked: async () => new Set() };
