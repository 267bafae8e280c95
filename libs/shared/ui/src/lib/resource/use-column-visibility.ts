import { useCallback, useEffect, useState } from 'react';
import { useAppSelector } from '@smsc/shared-session';
import type { ResourceColumn } from './types';

export function columnStorageKey(email: string | null | undefined, resource: string): string {
  return `smsc.columns.${email || 'anonymous'}.${resource}`;
}

function read(key: string): string[] | null {
  try {
    const raw = window.localStorage.getItem(key);
    const parsed: unknown = raw ? JSON.parse(raw) : null;
    return Array.isArray(parsed) && parsed.every((k) => typeof k === 'string') ? parsed : null;
  } catch {
    return null;
  }
}

/** Which columns a user has hidden, remembered per user email and resource in localStorage. */
export function useColumnVisibility<T>(resource: string, columns: ResourceColumn<T>[]) {
  const email = useAppSelector((s) => s.session.email);
  const key = columnStorageKey(email, resource);
  // a string, so a definition rebuilt on every render does not reset the choice in a loop
  const hiddenByDefault = columns
    .filter((c) => c.hideInTable)
    .map((c) => c.key)
    .join('\n');
  const defaults = useCallback(() => (hiddenByDefault ? hiddenByDefault.split('\n') : []), [hiddenByDefault]);
  const [hidden, setHiddenState] = useState<string[]>(() => read(key) ?? defaults());

  useEffect(() => setHiddenState(read(key) ?? defaults()), [key, defaults]);

  const setHidden = useCallback(
    (next: string[]) => {
      setHiddenState(next);
      try {
        window.localStorage.setItem(key, JSON.stringify(next));
      } catch {
        // storage full or blocked: the choice still holds for this visit
      }
    },
    [key],
  );

  return { hidden, setHidden, visible: columns.filter((c) => !hidden.includes(c.key)) };
}
