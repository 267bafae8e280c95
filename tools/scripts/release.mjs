// `npm run release`: a folder an operator runs with plain Node and `npm ci --omit=dev` (docs/deployment.md, Release).
//   main.js            the API compiled to one CommonJS file (esbuild; no tsx at run time)
//   dist/apps/…        the built console (shell and the four remotes), where the server's default WEB_ROOT finds it
//   package.json       the server's runtime dependencies only (no React, antd or other browser packages)
//   package-lock.json  the repository's lockfile pruned to those, so the release installs the versions CI tested
// RELEASE_DIR (default dist/release) moves it; SKIP_BUILD=1 reuses dist/apps as it is.
import { execSync } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { bundleApi, root } from './api-bundle.mjs';

const out = path.resolve(root, process.env.RELEASE_DIR ?? 'dist/release');
const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };
const started = Date.now();
const step = (what) => console.log(`[release] ${what} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));

if (!process.env.SKIP_BUILD) {
  execSync('npx nx run-many -t build --parallel=2 --output-style=static', { stdio: 'inherit', env, cwd: root });
  step('console built');
}
rmSync(out, { recursive: true, force: true });
mkdirSync(out, { recursive: true });

const { packages } = await bundleApi({ outfile: path.join(out, 'main.js'), write: true });
const missing = packages.filter((name) => !pkg.dependencies?.[name]);
if (missing.length) {
  console.error(
    `✗ the server loads packages outside "dependencies": ${missing.join(', ')} (tools/scripts/check-deps.mjs)`,
  );
  process.exit(1);
}
step(
  `main.js: ${(statSync(path.join(out, 'main.js')).size / 1024).toFixed(0)} KiB, ${packages.length} runtime packages`,
);

// the five apps static-web serves (plugins/static-web.ts); nothing else of dist/ (reports, e2e copies)
for (const app of ['shell', 'system-admin', 'company-admin', 'company-user', 'reseller']) {
  const from = path.join(root, 'dist/apps', app);
  if (!existsSync(path.join(from, app === 'shell' ? 'index.html' : 'remoteEntry.js'))) {
    console.error(`✗ no build of ${app} in ${from}`);
    process.exit(1);
  }
  cpSync(from, path.join(out, 'dist/apps', app), { recursive: true });
}
step('console copied');

const release = {
  name: 'smsc-console-server',
  version: pkg.version,
  private: true,
  description: `${pkg.description} (release: the compiled API and the built console)`,
  engines: pkg.engines,
  scripts: { start: 'node main.js' },
  dependencies: Object.fromEntries(packages.map((name) => [name, pkg.dependencies[name]])),
  // the same resolutions as the repository (one libphonenumber-js metadata for both packages)
  overrides: Object.fromEntries(Object.entries(pkg.overrides ?? {}).filter(([name]) => packages.includes(name))),
};
writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(release, null, 2)}\n`);
// npm prunes the copied lockfile to this package.json without fetching anything it already lists
cpSync(path.join(root, 'package-lock.json'), path.join(out, 'package-lock.json'));
execSync('npm install --package-lock-only --ignore-scripts --no-audit --no-fund --loglevel=error', {
  stdio: 'inherit',
  cwd: out,
});
step(`written to ${path.relative(root, out) || out}`);
