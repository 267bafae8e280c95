// The retry rule of outbox delivery, apart from the database: a failed send waits longer each time
// (2, 4, 8 … seconds, at most 10 minutes) and gives up after MAX_ATTEMPTS.
export const MAX_ATTEMPTS = 8;
/** How long a claimed row stays invisible to other dispatchers: a process that dies mid-send is retried after it. */
export const CLAIM_LEASE_SECONDS = 120;

export type AfterFailure = { status: 'failed' } | { status: 'pending'; retryInSeconds: number };

/** What becomes of a row whose `attempts`-th send (counted from 1) failed. */
export function afterFailure(attempts: number, max = MAX_ATTEMPTS): AfterFailure {
  if (attempts >= max) return { status: 'failed' };
  return { status: 'pending', retryInSeconds: Math.min(2 ** attempts, 600) };
}
