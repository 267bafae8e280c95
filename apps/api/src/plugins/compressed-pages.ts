import { readFileSync, statSync } from 'node:fs';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

interface Encoded {
  mtimeMs: number;
  size: number;
  identity: Buffer;
  br: Buffer;
  gzip: Buffer;
}

/**
 * The console's HTML pages, compressed once per file version. A prerendered page carries antd's
 * styles for its markup (~190 KB, ~14 KB in brotli): sent raw, it would cost a slow mobile link
 * about a second before the first paint. Nothing else in the server compresses; the pages are few
 * and read on every navigation, so they are compressed here and kept in memory.
 */
/** A page rewritten before it is compressed; `key` names the rewrite (the same key, the same bytes). */
export interface PageVariant {
  key: string;
  render(html: string): string;
}

const MAX_ENTRIES = 200;

export function compressedPages() {
  const cache = new Map<string, Encoded>();
  return {
    /** `variant`: the page rewritten (a brand's page), cached under its key beside the file's own. */
    read(file: string, acceptEncoding: string, variant?: PageVariant): { encoding?: 'br' | 'gzip'; body: Buffer } {
      const { mtimeMs, size } = statSync(file);
      const key = variant ? `${file}\0${variant.key}` : file;
      let entry = cache.get(key);
      // a redeploy writes the file anew: its time or size changes
      if (!entry || entry.mtimeMs !== mtimeMs || entry.size !== size) {
        const raw = readFileSync(file);
        const identity = variant ? Buffer.from(variant.render(raw.toString('utf8'))) : raw;
        // variants come and go with brand changes: keep the cache bounded (the oldest entry goes first)
        if (cache.size >= MAX_ENTRIES) cache.delete(cache.keys().next().value as string);
        entry = {
          mtimeMs,
          size,
          identity,
          br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip: gzipSync(identity, { level: 9 }),
        };
        cache.set(key, entry);
      }
      const accepted = acceptEncoding
        .split(',')
        .map((e) =>
          e
            .trim()
            .toLowerCase()
            .split(/\s*;\s*/),
        )
        .filter(([, q]) => !q || !/^q=0(\.0*)?$/.test(q))
        .map(([name]) => name);
      if (accepted.includes('br')) return { encoding: 'br', body: entry.br };
      if (accepted.includes('gzip')) return { encoding: 'gzip', body: entry.gzip };
      return { body: entry.identity };
    },
  };
}
