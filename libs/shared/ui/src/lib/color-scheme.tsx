import { useEffect, useMemo, useSyncExternalStore, type ReactNode } from 'react';
import { ConfigProvider } from 'antd';
import { buildTheme, type BrandTokens } from './theme';
import { brandTokensOf, useConsoleBrand } from './brand';

/**
 * The person's choice of theme: light, dark, or the system's (prefers-color-scheme), kept in local storage.
 * index.html reads the same key in an inline script before the first paint (no flash of the wrong theme):
 * keep COLOR_SCHEME_KEY and that script in step (color-scheme.spec checks it).
 */
export const COLOR_SCHEME_KEY = 'color-scheme';
export type SchemeChoice = 'light' | 'dark' | 'system';
const DARK_QUERY = '(prefers-color-scheme: dark)';

const listeners = new Set<() => void>();

function readChoice(): SchemeChoice {
  try {
    const v = window.localStorage.getItem(COLOR_SCHEME_KEY);
    return v === 'light' || v === 'dark' ? v : 'system';
  } catch {
    return 'system';
  }
}

const systemDark = () => typeof window !== 'undefined' && !!window.matchMedia?.(DARK_QUERY).matches;

/** Whether the console is dark now: the stored choice, else the system's setting. */
export function isDark(): boolean {
  if (typeof window === 'undefined') return false;
  const choice = readChoice();
  return choice === 'system' ? systemDark() : choice === 'dark';
}

/** Stores the choice ('system' forgets it) and redraws every themed part at once. */
export function setSchemeChoice(choice: SchemeChoice): void {
  try {
    if (choice === 'system') window.localStorage.removeItem(COLOR_SCHEME_KEY);
    else window.localStorage.setItem(COLOR_SCHEME_KEY, choice);
  } catch {
    // storage refused (private mode): the choice lasts for this page only
  }
  listeners.forEach((l) => l());
}

function subscribe(onChange: () => void): () => void {
  listeners.add(onChange);
  const media = typeof window !== 'undefined' ? window.matchMedia?.(DARK_QUERY) : undefined;
  media?.addEventListener?.('change', onChange);
  return () => {
    listeners.delete(onChange);
    media?.removeEventListener?.('change', onChange);
  };
}

/** The theme now, following the system setting live unless the person chose one. */
export function useDarkScheme(): boolean {
  return useSyncExternalStore(subscribe, isDark, () => false);
}

/**
 * antd's ConfigProvider with the console's theme in the current scheme and the console's brand (brand.ts) unless
 * `brandTokens` are given (a brand's live preview); the shell wraps everything in it and
 * the remotes inherit it (antd is one shared instance). It marks <html> with the scheme, so plain CSS (index.html,
 * the boot screen) follows, and marks it ready once React draws, which uncovers a prerendered page.
 */
export function ThemedConfig({ children, brandTokens }: { children: ReactNode; brandTokens?: BrandTokens }) {
  const dark = useDarkScheme();
  const primary = useConsoleBrand().primary_color;
  const tokens = useMemo(() => brandTokens ?? brandTokensOf(primary), [brandTokens, primary]);
  const config = useMemo(() => buildTheme({ dark, brandTokens: tokens }), [dark, tokens]);
  useEffect(() => {
    const html = document.documentElement;
    html.setAttribute('data-theme', dark ? 'dark' : 'light');
    html.setAttribute('data-theme-ready', '');
  }, [dark]);
  return <ConfigProvider theme={config}>{children}</ConfigProvider>;
}
