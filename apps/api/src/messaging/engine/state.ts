import type { SmsStatus } from '@smsc/shared-contract';

// A message's state only moves forward, and each move happens once: a repeated or late delivery report
// (Kannel resends, a type 8 after the type 1) changes nothing.
const RANK: Record<SmsStatus, number> = {
  scheduled: 0,
  queued: 1,
  sent: 2,
  delivered: 3,
  undelivered: 3,
  failed: 3,
  blocked: 3,
  cancelled: 3,
  received: 3,
};
export const FINAL: readonly SmsStatus[] = ['delivered', 'undelivered', 'failed', 'blocked', 'cancelled', 'received'];

export function canMove(from: SmsStatus, to: SmsStatus): boolean {
  if (FINAL.includes(from)) return false;
  if (to === 'cancelled') return from === 'scheduled';
  if (to === 'blocked') return from === 'scheduled' || from === 'queued';
  return RANK[to] > RANK[from];
}

/** The states a message may be in for a move to `to` (the UPDATE's guard). */
export function movableFrom(to: SmsStatus): SmsStatus[] {
  return (Object.keys(RANK) as SmsStatus[]).filter((from) => canMove(from, to));
}

/** Kannel's DLR types (%d) to our states: 1 delivered, 2 failed on the handset side, 8 SMSC accepted, 16 SMSC rejected; 4 (buffered) moves nothing. */
export function dlrStatus(type: number): SmsStatus | null {
  if (type & 1) return 'delivered';
  if (type & 2) return 'undelivered';
  if (type & 16) return 'failed';
  if (type & 8) return 'sent';
  return null;
}

/**
 * What a final state does to the charge held at send time: delivered settles it (the company pays the
 * price); undelivered and failed release it (nothing is charged: the hold is the refund).
 */
export function settlementFor(status: SmsStatus): 'settle' | 'release' | null {
  if (status === 'delivered') return 'settle';
  if (status === 'undelivered' || status === 'failed' || status === 'cancelled' || status === 'blocked')
    return 'release';
  return null;
}
