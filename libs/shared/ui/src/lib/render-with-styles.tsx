import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { createCache, extractStyle, StyleProvider } from '@ant-design/cssinjs';

/**
 * Renders an element to HTML (for a build-time prerender) and answers antd's CSS-in-JS for that
 * markup as <style> elements for <head>. StyleProvider is a one-child context provider, so the
 * tree's useId values (antd's css-var key among them) are the ones the client computes when it
 * hydrates the same element without it. The styles carry antd's cache-path map, which lets the
 * client's style cache reuse them instead of inserting them again.
 */
export function renderWithStyles(element: ReactElement): { html: string; styles: string } {
  const cache = createCache();
  const html = renderToString(<StyleProvider cache={cache}>{element}</StyleProvider>);
  return { html, styles: extractStyle(cache) };
}
