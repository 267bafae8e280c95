import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '@smsc/shared-session';

export type ListDensity = 'comfortable' | 'compact';

export function densityStorageKey(email: string | null | undefined, resource: string): string {
  return `smsc.density.${email || 'anonymous'}.${resource}`;
}

function read(key: string): ListDensity | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw === 'compact' || raw === 'comfortable' ? raw : null;
  } catch {
    return null;
  }
}

/** A list's row density, remembered per user email and resource like its hidden columns. */
export function useListDensity(resource: string) {
  const email = useAppSelector((s) => s.session.email);
  const key = densityStorageKey(email, resource);
  const [density, setDensityState] = useState<ListDensity>(() => read(key) ?? 'comfortable');

  useEffect(() => setDensityState(read(key) ?? 'comfortable'), [key]);

  const setDensity = useCallback(
    (next: ListDensity) => {
      setDensityState(next);
      try {
        window.localStorage.setItem(key, next);
      } catch {
        // storage full or blocked: the choice still holds for this visit
      }
    },
    [key],
  );
  return { density, setDensity };
}
