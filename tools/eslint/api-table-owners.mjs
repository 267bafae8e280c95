// Table ownership inside apps/api/src: a domain's tables are named only by that domain; others call its
// repository (docs/api-architecture.md, "Where a query goes"). The owners come from how db/schema.ts
// assembles the Database: each `XTables` interface it extends belongs to the folder it is imported from,
// the tables written in db/schema.ts itself to `accounts` (accounts/, and the layers below the domains that
// sign in, migrate and seed: plugins/, db/, config/ and the root files). lib/ is infrastructure: its queries
// of a domain's tables are counted like any domain's (`lib -> accounts`). A query names a table in a Kysely call (selectFrom, insertInto, updateTable, deleteFrom,
// mergeInto, the joins, sql.table) or after from/join/into/update in a `sql` template or any other string (sql.raw's,
// or a constant's handed to it later).
// Specs, test helpers (testing/, *-testing.ts) and migrations (history, never edited) are not read.
//
// Not every domain is converted yet, so api-table-owners.json holds a budget of the queries found per
// "domain -> owner" pair. It only goes down: more queries than the budget fail, and so do fewer (lower
// the budget, or drop the pair, in the same change). The owners listed in `closed` may have no budget.
// `node tools/eslint/api-table-owners.mjs` checks; `--write` rewrites the budget when none of it grows.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const API = path.join(ROOT, 'apps/api/src');
const BASELINE = path.join(here, 'api-table-owners.json');
/** The folders (and root files) whose code is the accounts domain's and the core layers'. */
const ACCOUNTS = new Set(['accounts', 'plugins', 'db', 'config']);
const QUERY_CALLS = new Set([
  'selectFrom',
  'insertInto',
  'replaceInto',
  'updateTable',
  'deleteFrom',
  'mergeInto',
  'innerJoin',
  'leftJoin',
  'rightJoin',
  'fullJoin',
  'crossJoin',
  'innerJoinLateral',
  'leftJoinLateral',
  'crossJoinLateral',
  'using',
  'table',
]);
// a name followed by "." or "(" is a column or a function (`extract(day from sms.created_on)`), not a table
const RAW_TABLE = /\b(?:from|join|into|update|using)\s+(?:only\s+)?"?([a-z_][a-z0-9_]*)"?(?![\w.(])/gi;

const rel = (p) => path.relative(API, p).split(path.sep).join('/');
const parse = (file) => ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);

/** The domain a file under apps/api/src belongs to (its first folder; `accounts` for the core layers and root files). */
export function domainOf(relPath) {
  const top = relPath.split('/')[0];
  return ACCOUNTS.has(top) || !relPath.includes('/') ? 'accounts' : top;
}

function interfaceMembers(sf, name, seen = new Set()) {
  const names = [];
  for (const node of sf.statements) {
    if (!ts.isInterfaceDeclaration(node) || node.name.text !== name || seen.has(name)) continue;
    seen.add(name);
    for (const m of node.members) if (m.name && ts.isIdentifier(m.name)) names.push(m.name.text);
    for (const h of node.heritageClauses ?? [])
      for (const t of h.types) names.push(...interfaceMembers(sf, t.expression.getText(sf), seen));
  }
  return names;
}

/** table -> owning domain, read from db/schema.ts and the domain interfaces it extends. */
export function tableOwners() {
  const schemaFile = path.join(API, 'db/schema.ts');
  const sf = parse(schemaFile);
  const from = new Map();
  for (const node of sf.statements)
    if (
      ts.isImportDeclaration(node) &&
      node.importClause?.namedBindings &&
      ts.isNamedImports(node.importClause.namedBindings)
    )
      for (const el of node.importClause.namedBindings.elements) from.set(el.name.text, node.moduleSpecifier.text);
  const owners = new Map();
  const db = sf.statements.find((n) => ts.isInterfaceDeclaration(n) && n.name.text === 'Database');
  for (const m of db.members) if (m.name && ts.isIdentifier(m.name)) owners.set(m.name.text, 'accounts');
  for (const h of db.heritageClauses ?? [])
    for (const t of h.types) {
      const name = t.expression.getText(sf);
      const spec = from.get(name);
      if (!spec) throw new Error(`db/schema.ts: ${name} is not imported`);
      const file = path.resolve(path.dirname(schemaFile), `${spec}.ts`);
      const domain = domainOf(rel(file));
      for (const table of interfaceMembers(parse(file), name)) owners.set(table, domain);
    }
  return owners;
}

const isTest = (relPath) =>
  /\.spec\.tsx?$/.test(relPath) ||
  /(^|\/)testing\//.test(relPath) ||
  /-testing\.ts$/.test(relPath) ||
  /(^|\/)migrations(\.ts|\/)/.test(relPath) ||
  relPath.endsWith('.d.ts');

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !isTest(rel(p))) out.push(p);
  }
  return out;
}

const tableOf = (text) =>
  text
    .trim()
    .split(/\s+as\s+/i)[0]
    .trim();

/** The tables a file's queries name, with their lines: [{ table, line }]. */
export function namedTables(sf) {
  const found = [];
  const add = (name, node) =>
    found.push({ table: name, line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1 });
  const rawText = (text, node) => {
    for (const m of text.matchAll(RAW_TABLE)) add(m[1].toLowerCase(), node);
  };
  const visit = (node) => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const call = node.expression.name.text;
      const arg = node.arguments[0];
      const isSql = ts.isIdentifier(node.expression.expression) && node.expression.expression.text === 'sql';
      if (QUERY_CALLS.has(call) && arg && (call !== 'table' || isSql) && !(call === 'raw' && isSql)) {
        const args = arg && ts.isArrayLiteralExpression(arg) ? arg.elements : [arg];
        for (const a of args) if (ts.isStringLiteralLike(a)) add(tableOf(a.text), a);
      }
    }
    // any other string is read as SQL too: a statement's text kept in a constant (a join written in a table of
    // options, handed to sql.raw later) names its tables all the same
    if (
      ts.isStringLiteral(node) ||
      (ts.isNoSubstitutionTemplateLiteral(node) && !ts.isTaggedTemplateExpression(node.parent))
    )
      rawText(node.text, node);
    if (ts.isTemplateExpression(node) && !ts.isTaggedTemplateExpression(node.parent))
      rawText([node.head.text, ...node.templateSpans.map((s) => s.literal.text)].join(' ? '), node);
    if (ts.isTaggedTemplateExpression(node) && node.tag.getText(sf).replace(/<.*$/s, '') === 'sql') {
      const t = node.template;
      // the interpolations become a blank: `from ${x}` names no table
      const text = ts.isNoSubstitutionTemplateLiteral(t)
        ? t.text
        : [t.head.text, ...t.templateSpans.map((s) => s.literal.text)].join(' ? ');
      rawText(text, node);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

/** Every query of another domain's table: [{ file, line, domain, owner, table }]. */
export function violations(owners = tableOwners(), files = sourceFiles(API)) {
  const out = [];
  for (const file of files) {
    const r = rel(file);
    const domain = domainOf(r);
    for (const { table, line } of namedTables(parse(file))) {
      const owner = owners.get(table);
      if (owner && owner !== domain) out.push({ file: r, line, domain, owner, table });
    }
  }
  return out;
}

/** Counts per "domain -> owner" pair. */
export const countPairs = (found) => {
  const counts = {};
  for (const v of found) counts[`${v.domain} -> ${v.owner}`] = (counts[`${v.domain} -> ${v.owner}`] ?? 0) + 1;
  return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)));
};

/** What differs from the baseline: the problems to print (none: the check passes). */
export function compare(counts, baseline) {
  const problems = [];
  const closed = new Set(baseline.closed ?? []);
  for (const pair of Object.keys(baseline.budget)) {
    const owner = pair.split(' -> ')[1];
    if (closed.has(owner)) problems.push(`${pair}: ${owner}'s tables are closed, the baseline may not list them`);
  }
  for (const pair of new Set([...Object.keys(counts), ...Object.keys(baseline.budget)])) {
    const now = counts[pair] ?? 0;
    const budget = baseline.budget[pair] ?? 0;
    if (now > budget) problems.push(`${pair}: ${now} queries, the budget is ${budget} (call the owner's repository)`);
    if (now < budget)
      problems.push(`${pair}: ${now} queries, fewer than the budget ${budget}: lower it in api-table-owners.json`);
  }
  return problems;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = violations();
  const counts = countPairs(found);
  const baseline = JSON.parse(readFileSync(BASELINE, 'utf8'));
  const total = found.length;
  console.log(`queries of another domain's tables in apps/api/src: ${total} over ${Object.keys(counts).length} pairs`);
  if (process.argv.includes('--list'))
    for (const v of found) console.log(`  ${v.file}:${v.line} ${v.table} (${v.owner})`);
  if (process.argv.includes('--write')) {
    const grown = Object.entries(counts).filter(([pair, n]) => n > (baseline.budget[pair] ?? 0));
    if (grown.length) {
      console.error(`not written: the budget would grow for ${grown.map(([p]) => p).join(', ')}`);
      process.exitCode = 1;
    } else {
      writeFileSync(BASELINE, `${JSON.stringify({ ...baseline, budget: counts }, null, 2)}\n`);
      console.log(`written: ${path.relative(ROOT, BASELINE)}`);
    }
  } else {
    const problems = compare(counts, baseline);
    for (const p of problems) console.error(`  ${p}`);
    for (const v of found.filter((v) => (baseline.closed ?? []).includes(v.owner)))
      console.error(`  ${v.file}:${v.line} names ${v.table} (${v.owner})`);
    process.exitCode = problems.length ? 1 : 0;
  }
}
