// Spend limits as plain arithmetic (docs/guards.md): a company's limit is the lower of what its biller
// (the system admin or its reseller) set and what its own admin set for itself; the room left is the
// lower of what the day and the month leave. Money in micro-units.

export interface Limits {
  daily_limit: bigint | null;
  monthly_limit: bigint | null;
  own_daily_limit: bigint | null;
  own_monthly_limit: bigint | null;
}

/** the lower of two optional limits (null: no limit) */
export function lower(a: bigint | null, b: bigint | null): bigint | null {
  if (a === null) return b;
  if (b === null) return a;
  return a < b ? a : b;
}

/** The limits in effect: the biller's, lowered by the company's own where it set one. */
export function effectiveLimits(l: Limits): { daily: bigint | null; monthly: bigint | null } {
  return { daily: lower(l.daily_limit, l.own_daily_limit), monthly: lower(l.monthly_limit, l.own_monthly_limit) };
}

/** What may still be spent (never below zero), or null when neither limit is set. */
export function spendRoom(
  limits: { daily: bigint | null; monthly: bigint | null },
  spent: { today: bigint; month: bigint },
): bigint | null {
  const day = limits.daily === null ? null : limits.daily - spent.today;
  const month = limits.monthly === null ? null : limits.monthly - spent.month;
  const room = lower(day, month);
  return room === null ? null : room < 0n ? 0n : room;
}

/**
 * A company admin may only lower its own limits below what was set for it: answers the field's
 * complaint, or null when the value is acceptable (null clears the company's own limit).
 */
export function ownLimitProblem(set: bigint | null, own: bigint | null): string | null {
  if (own === null || set === null) return null;
  return own > set ? 'may not be above the limit your provider set for you' : null;
}

/** The UTC day and the first day of its month as dates ("2026-11-26", "2026-11-01"): the spend's periods. */
export function periodsOf(at: Date): { day: string; monthStart: string } {
  const day = at.toISOString().slice(0, 10);
  return { day, monthStart: `${day.slice(0, 8)}01` };
}

/**
 * What may be spent without asking the database again, from a figure read moments ago: the room left
 * less a fifth of each limit. Other API processes spend meanwhile, so only the last fifth of a limit is
 * checked exactly (under a lock, in the storing transaction); null when neither limit is set.
 */
export function fastRoom(
  limits: { daily: bigint | null; monthly: bigint | null },
  spent: { today: bigint; month: bigint },
): bigint | null {
  const day = limits.daily === null ? null : limits.daily - limits.daily / 5n - spent.today;
  const month = limits.monthly === null ? null : limits.monthly - limits.monthly / 5n - spent.month;
  return lower(day, month);
}
