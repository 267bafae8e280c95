import { useEffect, useState, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';

const REDUCE = '(prefers-reduced-motion: reduce)';

function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(() => window.matchMedia?.(REDUCE)?.matches ?? false);
  useEffect(() => {
    const query = window.matchMedia?.(REDUCE);
    if (!query) return;
    const update = () => setReduced(query.matches);
    update();
    query.addEventListener?.('change', update);
    return () => query.removeEventListener?.('change', update);
  }, []);
  return reduced;
}

/**
 * The signed-in areas without antd's zooms, slides and fades when the system asks for reduced motion (WCAG
 * 2.3.3): dialogs, menus and lists then open and close at once. antd's own motion switch, not a CSS override: its
 * popups are placed as their motion starts, and cut-short animations leave them where they were made. The public
 * pages keep their motion: they are prerendered, and the render that hydrates them must match.
 */
export function ReducedMotion({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  return reduced ? <ConfigProvider theme={{ token: { motion: false } }}>{children}</ConfigProvider> : children;
}
