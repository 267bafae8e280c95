// The one rule between the two retention days (docs/retention.md), checked where the platform's defaults are set
// (retention/) and where a company's overrides are (accounts/): a message is removed later than its body is
// redacted. null (never) or 0 (an override's "never") on either side leaves nothing to compare.

/** A field error's words when removal would not come after redaction (null when the pair is fine). */
export function orderProblem(redact: number | null, remove: number | null): string | null {
  if (redact === null || remove === null || redact === 0 || remove === 0) return null;
  return remove > redact ? null : 'Messages must be removed later than their bodies are redacted';
}
