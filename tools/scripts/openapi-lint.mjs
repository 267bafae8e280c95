// Lints the API's OpenAPI document as the server builds it: writes it (tools/scripts/openapi.ts) and runs
// `redocly lint` with redocly.yaml. Fails on any error, and on a warnings count other than the budget in
// tools/openapi-lint-budget.json: more fails (fix the document), fewer fails too (lower the budget in the same
// change: `--write`), so the count only goes down.
//   node tools/scripts/openapi-lint.mjs [--write] [--keep]     (--keep leaves dist/openapi.json)
//   OPENAPI_LINT_REDOCLY=/path/to/redocly node tools/scripts/openapi-lint.mjs
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8'));
// OPENAPI_LINT_REDOCLY: a redocly binary installed elsewhere (to measure before the package is added)
const redocly = process.env.OPENAPI_LINT_REDOCLY || path.join(root, 'node_modules/.bin/redocly');
// Until @redocly/cli is a devDependency this check cannot run anywhere: it says so and passes, and runs from the
// first install that has it.
if (!process.env.OPENAPI_LINT_REDOCLY && (!pkg.devDependencies?.['@redocly/cli'] || !existsSync(redocly))) {
  console.log('openapi lint: skipped, @redocly/cli is not in devDependencies (see tools/openapi-lint-budget.json)');
  process.exit(0);
}
const budgetFile = path.join(root, 'tools/openapi-lint-budget.json');
const budget = JSON.parse(readFileSync(budgetFile, 'utf8'));
const doc = path.join(root, 'dist/openapi.json');
execFileSync(path.join(root, 'node_modules/.bin/tsx'), ['tools/scripts/openapi.ts', doc], {
  cwd: root,
  stdio: 'inherit',
});
let out;
try {
  out = execFileSync(
    redocly,
    ['lint', doc, '--config', 'redocly.yaml', '--format', 'json', '--max-problems', '10000'],
    {
      cwd: root,
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
} catch (e) {
  // redocly exits 1 when there are errors; the JSON report is still on stdout
  out = e.stdout;
  if (!out) throw e;
}
const report = JSON.parse(out);
const { errors, warnings } = report.totals;
const byRule = {};
for (const p of report.problems ?? [])
  byRule[`${p.severity} ${p.ruleId}`] = (byRule[`${p.severity} ${p.ruleId}`] ?? 0) + 1;
for (const [rule, n] of Object.entries(byRule).sort()) console.log(`  ${rule}: ${n}`);
console.log(`openapi lint: ${errors} errors, ${warnings} warnings (budget ${budget.warnings})`);
if (!process.argv.includes('--keep')) rmSync(doc, { force: true });
if (errors > 0) {
  console.error(`✗ ${errors} errors: run \`npx redocly lint dist/openapi.json\` after \`--keep\` to see them`);
  process.exit(1);
}
if (warnings > budget.warnings) {
  console.error(`✗ ${warnings - budget.warnings} warnings more than the budget: fix them rather than raise it`);
  process.exit(1);
}
if (warnings < budget.warnings) {
  if (process.argv.includes('--write')) {
    writeFileSync(budgetFile, `${JSON.stringify({ ...budget, warnings }, null, 2)}\n`);
    console.log(`budget lowered to ${warnings}`);
  } else {
    console.error(`✗ ${budget.warnings - warnings} warnings fewer than the budget: lower it (--write) in this change`);
    process.exit(1);
  }
}
