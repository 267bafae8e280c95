// Route files build no SQL (issue 50: "handlers: validate → call → answer"): a route file calls its domain's query
// modules or repository, which are the only files that name tables. A route file is one named so (`routes.ts`,
// `*-routes.ts`, `route-parts.ts` under apps/api/src) or any other that registers a handler (`app.get('/…'`,
// `.post`, `.put`, `.patch`, `.delete` with a path): read by name only, the catalog's `routes/*.ts` and the
// importers' files built SQL beside their handlers unseen. Reading a query is the table-ownership check's (api-table-owners.mjs `namedTables`):
// a Kysely call or an sql template that names a table counts once per table it names.
//
// Not every route file is converted yet, so api-route-sql.json holds a budget per file that only goes down: more
// than a file's budget fails, and so do fewer (lower it, or drop the file, in the same change); a route file not
// in the budget may name no table. `node tools/eslint/api-route-sql.mjs` checks; `--list` names each query;
// `--write` rewrites the budget when none of it grows.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { namedTables, tableOwners } from './api-table-owners.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const API = path.join(ROOT, 'apps/api/src');
const BASELINE = path.join(here, 'api-route-sql.json');

/** Whether a file (relative to apps/api/src) is a route file. */
export const isRouteFile = (relPath) =>
  !/\.spec\.tsx?$/.test(relPath) && /(^|\/|-)routes\.ts$|(^|\/)route-parts\.ts$/.test(relPath);

const METHODS = new Set(['get', 'post', 'put', 'patch', 'delete']);

/** Whether a source registers an HTTP handler: a call `x.get('/path', …)` (or post, put, patch, delete). */
export function registersRoutes(source, file = 'x.ts') {
  let found = false;
  const visit = (node) => {
    if (found) return;
    if (
      ts.isCallExpression(node) &&
      ts.isPropertyAccessExpression(node.expression) &&
      METHODS.has(node.expression.name.text) &&
      node.arguments.length > 1 &&
      (ts.isStringLiteral(node.arguments[0]) ||
        ts.isNoSubstitutionTemplateLiteral(node.arguments[0]) ||
        ts.isTemplateExpression(node.arguments[0])) &&
      (ts.isTemplateExpression(node.arguments[0]) ? node.arguments[0].head.text : node.arguments[0].text).startsWith(
        '/',
      )
    )
      found = true;
    else ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true));
  return found;
}

function routeFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    const rel = path.relative(API, p).split(path.sep).join('/');
    if (statSync(p).isDirectory()) routeFiles(p, out);
    else if (isRouteFile(rel)) out.push(p);
    else if (/\.ts$/.test(rel) && !/\.(spec|d)\.ts$/.test(rel) && registersRoutes(readFileSync(p, 'utf8'), p))
      out.push(p);
  }
  return out;
}

/** Each table a route file's queries name, with its line: { file: [{ table, line }] } (files with none left out). */
export function routeQueries(files = routeFiles(API)) {
  // only the schema's tables: a sentence in an error message ("taken from the list") names none
  const tables = tableOwners();
  const out = {};
  for (const file of files.sort()) {
    const found = namedTables(
      ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true),
    ).filter((t) => tables.has(t.table));
    if (found.length) out[path.relative(API, file).split(path.sep).join('/')] = found;
  }
  return out;
}

/** What differs from the budget: the problems to print (none: the check passes). */
export function compare(counts, budget) {
  const problems = [];
  for (const file of new Set([...Object.keys(counts), ...Object.keys(budget)])) {
    const now = counts[file] ?? 0;
    const allowed = budget[file] ?? 0;
    if (now > allowed)
      problems.push(`${file}: ${now} tables named, the budget is ${allowed} (move the query to a query module)`);
    if (now < allowed) problems.push(`${file}: ${now} tables named, fewer than the budget ${allowed}: lower it`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = routeQueries();
  const counts = Object.fromEntries(Object.entries(found).map(([f, q]) => [f, q.length]));
  const budget = JSON.parse(readFileSync(BASELINE, 'utf8'));
  const all = routeFiles(API).length;
  const total = Object.values(counts).reduce((a, b) => a + b, 0);
  console.log(`route files that name tables in apps/api/src: ${Object.keys(counts).length} of ${all} (${total} names)`);
  if (process.argv.includes('--list'))
    for (const [file, q] of Object.entries(found)) for (const v of q) console.log(`  ${file}:${v.line} ${v.table}`);
  if (process.argv.includes('--write')) {
    const grown = Object.entries(counts).filter(([f, n]) => n > (budget[f] ?? 0));
    if (grown.length) {
      console.error(`not written: the budget would grow for ${grown.map(([f]) => f).join(', ')}`);
      process.exitCode = 1;
    } else {
      writeFileSync(BASELINE, `${JSON.stringify(counts, null, 2)}\n`);
      console.log(`written: ${path.relative(ROOT, BASELINE)}`);
    }
  } else {
    const problems = compare(counts, budget);
    for (const p of problems) console.error(`  ${p}`);
    process.exitCode = problems.length ? 1 : 0;
  }
}
