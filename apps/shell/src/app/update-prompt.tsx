import { useEffect, useState } from 'react';
import { UpdateNotice } from '@smsc/shared-ui/core';
import { UPDATE_EVENT } from './service-worker';

/** 'A new version is available' with a Reload button, when a deploy lands while the console is open. */
export function UpdatePrompt() {
  const [activate, setActivate] = useState<(() => void) | null>(null);
  useEffect(() => {
    const onUpdate = (event: Event) => setActivate(() => (event as CustomEvent<() => void>).detail);
    window.addEventListener(UPDATE_EVENT, onUpdate);
    return () => window.removeEventListener(UPDATE_EVENT, onUpdate);
  }, []);
  return activate ? <UpdateNotice activate={activate} /> : null;
}
