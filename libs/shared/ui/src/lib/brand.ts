import { useSyncExternalStore } from 'react';
import { darkTextColor, hoverColor } from '@smsc/shared-contract';
import type { BrandTokens } from './theme';

/**
 * The brand the console is drawn in: the one the server wrote into the page for its host name (a reseller's on
 * its own domain, <meta name="smsc-brand">, apps/api branding/shell-html.ts), replaced once a signed-in user's
 * own brand is known (a company of that reseller on the operator's host). Nothing here is secret.
 */
export interface ConsoleBrand {
  name: string;
  primary_color: string | null;
  logo_url: string | null;
  support_email: string | null;
  support_phone: string | null;
  legal_footer: string | null;
}

export const BRAND_META = 'smsc-brand';
/** theme.ts's light colorPrimary, which the server's built-in brand also names */
const CONSOLE_PRIMARY = '#0958d9';
export const DEFAULT_BRAND: ConsoleBrand = {
  name: 'SMSC Console',
  primary_color: null,
  logo_url: null,
  support_email: null,
  support_phone: null,
  legal_footer: null,
};

const str = (v: unknown) => (typeof v === 'string' && v ? v : null);

/** The brand the page was served in, or the console's own. */
export function readPageBrand(doc: Document | undefined = typeof document === 'undefined' ? undefined : document) {
  const content = doc?.querySelector(`meta[name="${BRAND_META}"]`)?.getAttribute('content');
  if (!content) return DEFAULT_BRAND;
  try {
    const raw = JSON.parse(content) as Record<string, unknown>;
    return {
      name: str(raw['name']) ?? DEFAULT_BRAND.name,
      primary_color: /^#[0-9a-f]{6}$/i.test(String(raw['primary_color'])) ? String(raw['primary_color']) : null,
      logo_url: str(raw['logo_url']),
      support_email: str(raw['support_email']),
      support_phone: str(raw['support_phone']),
      legal_footer: str(raw['legal_footer']),
    };
  } catch {
    return DEFAULT_BRAND;
  }
}

/**
 * antd tokens for a primary colour (the server has checked white text on it reaches AA): links and hover a
 * darker shade in the light theme; in the dark one buttons keep the colour and text in it is lightened to AA.
 */
export function brandTokensOf(primary: string | null): BrandTokens | undefined {
  // the console's own colour (the built-in brand's) keeps the console's tokens, tuned by hand for both themes
  if (!primary || primary.toLowerCase() === CONSOLE_PRIMARY) return undefined;
  const hover = hoverColor(primary);
  const text = darkTextColor(primary);
  return {
    colorPrimary: primary,
    colorLink: primary,
    colorPrimaryHover: hover,
    colorLinkHover: hover,
    colorInfo: primary,
    dark: { colorPrimary: primary, colorPrimaryHover: hover, colorLink: text, colorLinkHover: text },
  };
}

let current: ConsoleBrand | undefined;
const listeners = new Set<() => void>();
const snapshot = () => (current ??= readPageBrand());

/** Shows the console in `brand` (a signed-in user's own), or back in the page's with undefined. */
export function setConsoleBrand(brand: ConsoleBrand | undefined): void {
  current = brand ?? readPageBrand();
  listeners.forEach((l) => l());
}

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

/** The brand the console is drawn in now. */
export function useConsoleBrand(): ConsoleBrand {
  return useSyncExternalStore(subscribe, snapshot, () => DEFAULT_BRAND);
}

/** A browser tab's title in the brand: "Page · Brand". */
export const brandTitle = (page: string, brand: ConsoleBrand) => `${page} · ${brand.name}`;
