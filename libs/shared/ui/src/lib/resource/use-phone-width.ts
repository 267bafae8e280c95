import { useSyncExternalStore } from 'react';

// antd's md breakpoint: narrower than this a list keeps only its key columns
const PHONE = '(max-width: 767.98px)';

const query = () => (typeof window !== 'undefined' && window.matchMedia ? window.matchMedia(PHONE) : undefined);

function subscribe(onChange: () => void): () => void {
  const mql = query();
  mql?.addEventListener?.('change', onChange);
  return () => mql?.removeEventListener?.('change', onChange);
}

/** True on a phone-wide screen (below 768 px), following rotations and resizes. */
export function usePhoneWidth(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => query()?.matches ?? false,
    () => false,
  );
}
