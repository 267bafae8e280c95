// The API compiled to one plain-JavaScript file (esbuild), shared by `npm run release` and the dependency check:
// esbuild follows the same imports the server runs, so what it leaves external is exactly what production code
// loads from node_modules (libs included, specs and test helpers never reached from main.ts).
import { build } from 'esbuild';
import { builtinModules } from 'node:module';
import path from 'node:path';

export const root = path.resolve(import.meta.dirname, '../..');

/** Bundles apps/api/src/main.ts; returns the bundle's text and the npm packages it loads at run time. */
export async function bundleApi({ outfile = path.join(root, 'dist/release/main.js'), write = false } = {}) {
  const result = await build({
    entryPoints: [path.join(root, 'apps/api/src/main.ts')],
    absWorkingDir: root,
    bundle: true,
    platform: 'node',
    target: 'node24',
    // CommonJS, as tsx runs the sources: they use __dirname and require.resolve
    format: 'cjs',
    // every npm package stays a require() of node_modules: the release installs them with npm
    packages: 'external',
    tsconfig: path.join(root, 'tsconfig.base.json'),
    // config/values.ts: the bundle sits at the root of the release folder, which stands for the repository root
    define: { __SMSC_RELEASE__: 'true' },
    legalComments: 'none',
    metafile: true,
    write,
    outfile,
    logLevel: 'warning',
  });
  const text = write ? null : result.outputFiles[0].text;
  const specifiers = new Set();
  for (const input of Object.values(result.metafile.inputs))
    for (const imp of input.imports) if (imp.external && !imp.path.startsWith('.')) specifiers.add(imp.path);
  // require.resolve('pkg') (a worker's module path, a package's data folder) is a run-time load esbuild does not follow
  const source = text ?? (await import('node:fs')).readFileSync(outfile, 'utf8');
  for (const m of source.matchAll(/require\.resolve\(\s*["']([^"']+)["']/g)) specifiers.add(m[1]);
  const builtins = new Set(builtinModules);
  const packages = new Set();
  for (const s of specifiers) {
    if (s.startsWith('node:') || builtins.has(s)) continue;
    packages.add(packageName(s));
  }
  return { text, packages: [...packages].sort(), inputs: Object.keys(result.metafile.inputs) };
}

/** `@scope/name/sub/path` → `@scope/name`, `name/sub` → `name`. */
export function packageName(specifier) {
  const parts = specifier.split('/');
  return specifier.startsWith('@') ? parts.slice(0, 2).join('/') : parts[0];
}
