import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * prerender.json, written by the shell's build beside index.html: which paths have a prerendered
 * page (login.html, …) and the hashes of the inline script those pages carry, for the CSP.
 */
export interface PrerenderManifest {
  pages: { path: string; file: string; pattern: RegExp }[];
  scriptHashes: string[];
}

const EMPTY: PrerenderManifest = { pages: [], scriptHashes: [] };
const FILE = /^[a-z0-9-]+\.html$/;
const ROUTE = /^(\/(:?[A-Za-z0-9_-]+))+$/;
const HASH = /^'sha256-[A-Za-z0-9+/]+={0,2}'$/;

/** '/forgot-password/:token' → a whole-path pattern where ':token' is one non-empty segment. */
function routePattern(route: string): RegExp {
  // ROUTE lets through letters, digits, '_' and '-' only: nothing to escape
  const segments = route
    .split('/')
    .slice(1)
    .map((s) => (s.startsWith(':') ? '[^/]+' : s));
  return new RegExp(`^/${segments.join('/')}$`);
}

/**
 * Reads the manifest of a built shell. A build without one (development, an older build) or a
 * malformed entry means no prerendered page: the SPA's index.html answers as before.
 */
export function readPrerenderManifest(shellDir: string): PrerenderManifest {
  const file = path.join(shellDir, 'prerender.json');
  if (!existsSync(file)) return EMPTY;
  try {
    const raw = JSON.parse(readFileSync(file, 'utf8')) as { pages?: unknown; scriptHashes?: unknown };
    const pages = (Array.isArray(raw.pages) ? raw.pages : [])
      .filter(
        (p): p is { path: string; file: string } =>
          typeof p?.path === 'string' && typeof p?.file === 'string' && ROUTE.test(p.path) && FILE.test(p.file),
      )
      .map((p) => ({ path: p.path, file: p.file, pattern: routePattern(p.path) }));
    const scriptHashes = (Array.isArray(raw.scriptHashes) ? raw.scriptHashes : []).filter(
      (h): h is string => typeof h === 'string' && HASH.test(h),
    );
    return { pages, scriptHashes };
  } catch {
    return EMPTY;
  }
}

/** The prerendered file for a path (no query string), if it has one. */
export function prerenderedFile(manifest: PrerenderManifest, pathname: string): string | undefined {
  return manifest.pages.find((p) => p.pattern.test(pathname))?.file;
}
