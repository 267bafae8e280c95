// What a company's messages are kept for: the platform's defaults, each field replaced by the company's own
// override where the system admin set one. Days: null = never (off); an override of 0 turns a default off.

export { orderProblem } from '../lib/retention-order';

export interface RetentionDefaults {
  redact_after_days: number | null;
  remove_after_days: number | null;
  archive: boolean;
}

export interface RetentionOverride {
  retention_redact_days: number | null;
  retention_remove_days: number | null;
  retention_archive: boolean | null;
}

export interface Policy {
  redactAfterDays: number | null;
  removeAfterDays: number | null;
  archive: boolean;
}

const days = (override: number | null, platform: number | null) =>
  override === null ? platform : override === 0 ? null : override;

export function policyOf(defaults: RetentionDefaults, company: RetentionOverride): Policy {
  return {
    redactAfterDays: days(company.retention_redact_days, defaults.redact_after_days),
    removeAfterDays: days(company.retention_remove_days, defaults.remove_after_days),
    archive: company.retention_archive ?? defaults.archive,
  };
}
