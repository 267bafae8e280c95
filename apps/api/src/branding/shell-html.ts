// The console's HTML in a brand: the server writes the brand into the page it serves, so the first paint (the
// boot screen, the tab's title and icon) is already the reseller's and the shell builds its antd theme from the
// <meta name="smsc-brand"> before it draws anything (apps/shell bootstrap). No script is added: the CSP's
// script hashes stay as the build wrote them; the favicon is same-origin or a data: URL (img-src allows both).
import { darkTextColor, hoverColor, type Brand } from '@smsc/shared-contract';

/** What the shell reads from the page: nothing secret, all of it shown on a public login page. */
export interface ShellBrand {
  name: string;
  primary_color: string;
  logo_url: string | null;
  support_email: string | null;
  support_phone: string | null;
  legal_footer: string | null;
}

export const BRAND_META = 'smsc-brand';

const escapeHtml = (s: string) =>
  s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

/** The brand's colour as a speech-bubble icon, for a brand without an uploaded favicon. */
const colourIcon = (hex: string) =>
  `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 32 32'%3E%3Cpath fill='%23${hex.slice(1)}' d='M4 5h24a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H13l-7 6v-6H4a2 2 0 0 1-2-2V7a2 2 0 0 1 2-2z'/%3E%3C/svg%3E`;

export const shellBrandOf = (b: Brand): ShellBrand => ({
  name: b.name,
  primary_color: b.primary_color,
  logo_url: b.logo_url,
  support_email: b.support_email,
  support_phone: b.support_phone,
  legal_footer: b.legal_footer,
});

/** index.html (as the build wrote it) in `brand`. */
export function brandShellHtml(html: string, brand: Brand): string {
  const name = escapeHtml(brand.name);
  const meta = escapeHtml(JSON.stringify(shellBrandOf(brand)));
  const icon = escapeHtml(brand.favicon_url ?? colourIcon(brand.primary_color));
  // the boot screen's text and the first paint's colours, before the shell's theme takes over
  const style = `<style>.boot{color:${brand.primary_color}}html[data-theme='dark'] .boot{color:${darkTextColor(brand.primary_color)}}a{color:${hoverColor(brand.primary_color)}}</style>`;
  return html
    .replace(/<title>[\s\S]*?<\/title>/, `<title>${name}</title>`)
    .replace(/<link\s+rel="icon"[\s\S]*?\/?>/, `<link rel="icon" href="${icon}" />`)
    .replace(
      /<meta name="theme-color" content="[^"]*"\s*\/?>/,
      `<meta name="theme-color" content="${brand.primary_color}" />`,
    )
    .replace(/Loading [^<]*…/, `Loading ${name}…`)
    .replace('</head>', `<meta name="${BRAND_META}" content="${meta}" />${style}</head>`);
}
