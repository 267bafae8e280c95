// A production build's scripts and styles, also written brotli- and gzip-compressed beside them (name.js.br,
// name.js.gz). The API's static files answer with those (@fastify/static preCompressed), so a browser downloads
// about a third of the bytes and the server spends no CPU compressing per request. Written after emit, they are
// not compilation assets: the service worker's precache list holds only the plain files.
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Compiler } from 'webpack';

const COMPRESSIBLE = /\.(js|css|json|svg|txt)$/;

export class PrecompressPlugin {
  apply(compiler: Compiler) {
    compiler.hooks.afterEmit.tap('PrecompressPlugin', (compilation) => {
      const out = compilation.outputOptions.path as string;
      for (const { name } of compilation.getAssets()) {
        if (!COMPRESSIBLE.test(name)) continue;
        const file = path.join(out, name);
        const body = fs.readFileSync(file);
        // below ~1 KB the headers outweigh what compression saves
        if (body.length < 1024) continue;
        fs.writeFileSync(
          `${file}.br`,
          brotliCompressSync(body, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length },
          }),
        );
        fs.writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
      }
    });
  }
}
