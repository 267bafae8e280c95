import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { ConfigProvider, type ThemeConfig } from 'antd';
import { consoleTheme } from './theme';

const REDUCE = '(prefers-reduced-motion: reduce)';

/**
 * Whether the system asks for less motion. Read after the first render: the prerendered pages were rendered
 * with motion, and the render that hydrates them must match.
 */
function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(false);
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
 * The console's antd theme, without antd's zooms, slides and fades for people whose system asks for reduced
 * motion (WCAG 2.3.3): dialogs, menus and toasts then appear at once.
 */
export function ConsoleTheme({ children }: { children: ReactNode }) {
  const reduced = useReducedMotion();
  const theme = useMemo<ThemeConfig>(
    () => (reduced ? { ...consoleTheme, token: { ...consoleTheme.token, motion: false } } : consoleTheme),
    [reduced],
  );
  return <ConfigProvider theme={theme}>{children}</ConfigProvider>;
}
