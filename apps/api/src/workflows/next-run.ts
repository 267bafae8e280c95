// When a reminder workflow sends next: a pure function of its first time, its repeat and the clock.
import type { ReminderRepeat } from '@smsc/shared-contract';

const STEP_MS: Record<Exclude<ReminderRepeat, 'none'>, number> = { daily: 86_400_000, weekly: 7 * 86_400_000 };

/**
 * The first run at or after `after`: remind_at itself while it is ahead; for a repeat, remind_at
 * plus whole days or weeks (UTC steps, so the hour holds in UTC); null once a one-off has passed.
 */
export function nextRun(remindAt: Date, repeat: ReminderRepeat, after: Date): Date | null {
  if (remindAt.getTime() >= after.getTime()) return remindAt;
  if (repeat === 'none') return null;
  const step = STEP_MS[repeat];
  const steps = Math.ceil((after.getTime() - remindAt.getTime()) / step);
  return new Date(remindAt.getTime() + steps * step);
}
