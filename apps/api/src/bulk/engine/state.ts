import type { BulkStatus } from '@smsc/shared-contract';

export type BulkAction = 'run' | 'hold' | 'stop' | 'finish';

/**
 * Where an action takes a bulk from a state, or why it may not (the route answers 409 with it).
 * `waitingForTime`: the bulk was held before its send_at and has not started; run resumes the wait.
 */
export function nextBulkStatus(
  from: BulkStatus,
  action: BulkAction,
  waitingForTime = false,
): { ok: true; to: BulkStatus } | { ok: false; message: string } {
  const no = (why: string) => ({ ok: false as const, message: why });
  if (from === 'stopped')
    return no(`This bulk was stopped; it cannot ${action === 'finish' ? 'finish' : action} any more`);
  if (from === 'finished')
    return no(`This bulk has finished; there is nothing left to ${action === 'finish' ? 'finish' : action}`);
  switch (action) {
    case 'run':
      if (from === 'running') return no('This bulk is already running');
      return { ok: true, to: from === 'held' && waitingForTime ? 'scheduled' : 'running' };
    case 'hold':
      return from === 'held' ? no('This bulk is already on hold') : { ok: true, to: 'held' };
    case 'stop':
      return { ok: true, to: 'stopped' };
    case 'finish':
      return from === 'running'
        ? { ok: true, to: 'finished' }
        : no(`Only a running bulk finishes; this one is ${from}`);
  }
}

/** The states an action may start from (the UPDATE's guard, so two racing requests move once). */
export function bulkMovableFrom(action: BulkAction): BulkStatus[] {
  return (['scheduled', 'running', 'held', 'stopped', 'finished'] as BulkStatus[]).filter(
    (s) => nextBulkStatus(s, action).ok,
  );
}
