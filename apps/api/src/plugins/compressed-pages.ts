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
export function compressedPages() {
  const cache = new Map<string, Encoded>();
  return {
    read(file: string, acceptEncoding: string): { encoding?: 'br' | 'gzip'; body: Buffer } {
      const { mtimeMs, size } = statSync(file);
      let entry = cache.get(file);
      // a redeploy writes the file anew: its time or size changes
      if (!entry || entry.mtimeMs !== mtimeMs || entry.size !== size) {
        const identity = readFileSync(file);
        entry = {
          mtimeMs,
          size,
          identity,
          br: brotliCompressSync(identity, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }),
          gzip: gzipSync(identity, { level: 9 }),
        };
        cache.set(file, entry);
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
