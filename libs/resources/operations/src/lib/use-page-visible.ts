import { useEffect, useState } from 'react';

const visible = () => typeof document === 'undefined' || document.visibilityState !== 'hidden';

/** Whether the browser tab is shown: a hidden tab should not keep polling the server. */
export function usePageVisible(): boolean {
  const [shown, setShown] = useState(visible);
  useEffect(() => {
    const update = () => setShown(visible());
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return shown;
}
