import { createHash } from 'node:crypto';
import { createMemoryRouter } from 'react-router';
import { renderWithStyles } from '@smsc/shared-ui/server';
import { makeStore } from '@smsc/shared-session';
import { Shell, shellRoutes } from '../app/shell';
import { PUBLIC_PAGES } from '../app/public/public-pages';
import { EARLY_SUBMIT_SCRIPT, earlySubmitScriptHash } from './early-submit-script';

export interface PrerenderedPage {
  /** the route pattern, e.g. /forgot-password/:token */
  path: string;
  file: string;
  html: string;
}

/** What the build writes: the pages, and prerender.json (routes and script hashes) for the API. */
export interface Prerender {
  pages: PrerenderedPage[];
  manifest: { pages: { path: string; file: string }[]; scriptHashes: string[] };
}

/** The CSP sources ('sha256-…') of the inline scripts of an html page. */
export const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );

/** A dynamic segment's stand-in: the pages render nothing token-specific before their effects run. */
export const samplePath = (pattern: string) => pattern.replace(/:[^/]+/g, 'token');

/** The page's <h1>, which PublicCard also puts in document.title once it runs. */
function titleOf(markup: string): string {
  const h1 = /<h1[^>]*>([\s\S]*?)<\/h1>/.exec(markup);
  return h1 ? `${h1[1]} · SMSC Console` : 'SMSC Console';
}

/**
 * The built index.html with a public page's markup in #root, its antd styles in <head> (before the
 * template's own <style>, as at run time, where antd prepends its styles) and the early-submit script
 * after #root. The hashed <script defer> tags of index.html stay as they are.
 */
export function assemblePage(indexHtml: string, page: { path: string; markup: string; styles: string }): string {
  const root = /<div id=("?)root\1>[\s\S]*<\/body>/;
  const title = /<title>[\s\S]*?<\/title>/;
  if (!root.test(indexHtml) || !title.test(indexHtml))
    throw new Error('index.html has no <title> or no #root at the end of <body>');
  return indexHtml
    .replace(title, () => `<title>${titleOf(page.markup)}</title>${page.styles}`)
    .replace(
      root,
      () =>
        `<div id="root" data-prerender="${page.path}">${page.markup}</div><script>${EARLY_SUBMIT_SCRIPT}</script></body>`,
    );
}

/**
 * Renders the five public pages with the console's own Shell (its providers and route elements, a
 * fresh store, nobody signed in) at each path, as the client will hydrate them. Run in Node with
 * NODE_ENV=production, so antd's class names are those of the production bundle.
 */
export function prerenderPublicPages(indexHtml: string): Prerender {
  const pages = PUBLIC_PAGES.map(({ path, file }) => {
    const store = makeStore();
    const router = createMemoryRouter(shellRoutes(store), { initialEntries: [samplePath(path)] });
    const { html, styles } = renderWithStyles(<Shell store={store} router={router} />);
    return { path, file, html: assemblePage(indexHtml, { path, markup: html, styles }) };
  });
  return {
    pages,
    manifest: {
      pages: pages.map(({ path, file }) => ({ path, file })),
      // the early-submit script, and index.html's own (the theme script in <head>), which every page keeps
      scriptHashes: [earlySubmitScriptHash(), ...inlineScriptHashes(indexHtml)],
    },
  };
}
