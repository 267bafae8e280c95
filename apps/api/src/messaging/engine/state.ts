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
 * What a move does to the charge held at send time, by the price's basis (issue 49). On delivery (the default):
 * delivered settles it (the company pays the price); undelivered and failed release it (the hold is the refund).
 * On submit: the carrier's acceptance settles it (sent, or a receipt that comes before the hand-over was
 * recorded: delivered, undelivered), and only a refusal before any carrier took it (failed, blocked, cancelled)
 * releases it; a failure reported after the acceptance finds the hold settled and changes nothing.
 */
export function settlementFor(
  status: SmsStatus,
  basis: 'delivery' | 'submit' = 'delivery',
): 'settle' | 'release' | null {
  if (status === 'delivered') return 'settle';
  if (basis === 'submit' && (status === 'sent' || status === 'undelivered')) return 'settle';
  if (status === 'undelivered' || status === 'failed' || status === 'cancelled' || status === 'blocked')
    return 'release';
  return null;
}

/** The ledger entry's words for a settled message. */
export const chargeMemo = (basis: 'delivery' | 'submit') =>
  basis === 'submit' ? 'SMS accepted by the carrier' : 'SMS delivered';
