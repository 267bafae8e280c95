import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import webpack from 'webpack';

const NAME = 'PrerenderPublicPages';
const script = path.join(__dirname, '../prerender/prerender-public-pages.ts');

interface Output {
  pages: { file: string; html: string }[];
  manifest: { scriptHashes: string[] };
}

const inlineScriptHashes = (html: string) =>
  [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map(
    ([, body]) => `'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`,
  );

function run(indexHtml: string, cwd: string): Promise<Output> {
  const dir = mkdtempSync(path.join(tmpdir(), 'smsc-prerender-'));
  const input = path.join(dir, 'index.html');
  const output = path.join(dir, 'out.json');
  writeFileSync(input, indexHtml);
  return new Promise<Output>((resolve, reject) => {
    // NODE_OPTIONS of the webpack process already loads tsx; the child asks for it itself
    const child = spawn(process.execPath, ['--import', 'tsx', script, input, output], {
      cwd,
      env: { ...process.env, NODE_OPTIONS: '', NODE_ENV: 'production' },
      stdio: ['ignore', 'inherit', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code) => {
      try {
        if (code !== 0) throw new Error(`prerender failed (exit ${code}):\n${stderr}`);
        resolve(JSON.parse(readFileSync(output, 'utf8')) as Output);
      } catch (e) {
        reject(e);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  });
}

/**
 * Adds the prerendered public pages (login.html, …) and prerender.json to the shell's production
 * build. It runs after html-webpack-plugin has written index.html and after the real content hashes
 * are in place, and before Workbox lists the build's files, so the service worker precaches the pages.
 */
export class PrerenderPublicPages {
  constructor(private readonly workspaceRoot: string) {}

  apply(compiler: webpack.Compiler): void {
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      const pages: string[] = [];
      let hashes: string[] = [];
      compilation.hooks.processAssets.tapPromise(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_OPTIMIZE_HASH + 1 },
        async () => {
          const index = compilation.getAsset('index.html');
          if (!index) {
            compilation.errors.push(new webpack.WebpackError(`${NAME}: the build has no index.html`));
            return;
          }
          try {
            const out = await run(index.source.source().toString(), this.workspaceRoot);
            // already compact; a minifier that rewrote the inline script would break its CSP hash
            for (const page of out.pages)
              compilation.emitAsset(page.file, new webpack.sources.RawSource(page.html), { minimized: true });
            compilation.emitAsset(
              'prerender.json',
              new webpack.sources.RawSource(JSON.stringify(out.manifest, null, 2)),
            );
            pages.push(...out.pages.map((p) => p.file));
            hashes = out.manifest.scriptHashes;
          } catch (e) {
            compilation.errors.push(new webpack.WebpackError(`${NAME}: ${(e as Error).message}`));
          }
        },
      );
      // whatever ran after us, every inline script the pages ship must be one the CSP will allow
      compilation.hooks.processAssets.tap(
        { name: NAME, stage: webpack.Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          for (const file of pages) {
            const html = compilation.getAsset(file)?.source.source().toString() ?? '';
            const unknown = inlineScriptHashes(html).filter((h) => !hashes.includes(h));
            if (unknown.length)
              compilation.errors.push(
                new webpack.WebpackError(
                  `${NAME}: ${file} has an inline script whose hash ${unknown.join(', ')} is not in prerender.json`,
                ),
              );
          }
        },
      );
    });
  }
}
