// When a failed outbound delivery is tried again: the schedule of every webhook (company-webhooks). A plain function.

/**
 * Seconds before attempt n+1 after attempt n failed: exponential (base × 4^(n−1), capped), null once the
 * attempts are spent. With the defaults: 5 s, 20 s, 80 s, 5.3 min, 21 min, 1.4 h, 5.7 h, then given up.
 */
export function backoff(
  attempt: number,
  o: { baseSeconds: number; maxAttempts: number; capSeconds?: number },
): number | null {
  if (attempt >= o.maxAttempts) return null;
  return Math.min(o.baseSeconds * 4 ** (attempt - 1), o.capSeconds ?? 6 * 3600);
}
