// No import cycle inside apps/api/src, type-only imports included: a cycle of types still means two
// modules that can only be read together, and a value cycle makes a module see another half-loaded.
// `node tools/eslint/api-import-cycles.mjs` prints each cycle (as a group of files) and fails on any;
// `npm run lint` runs it. Dynamic import() is left out: it loads after both modules are done.
import { readFileSync, readdirSync, statSync, existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const API = path.join(ROOT, 'apps/api/src');

function sourceFiles(dir, out = []) {
  for (const name of readdirSync(dir)) {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) sourceFiles(p, out);
    else if (/\.tsx?$/.test(name) && !name.endsWith('.d.ts')) out.push(p);
  }
  return out;
}

function resolve(from, spec) {
  if (!spec.startsWith('.')) return null;
  const base = path.resolve(path.dirname(from), spec);
  for (const p of [`${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) if (existsSync(p)) return p;
  return null;
}

/** The modules each file imports or re-exports from (static imports only). */
export function importGraph(files) {
  const graph = new Map();
  for (const file of files) {
    const sf = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest);
    const targets = new Set();
    for (const node of sf.statements) {
      const spec = (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) && node.moduleSpecifier;
      const target = spec && ts.isStringLiteral(spec) && resolve(file, spec.text);
      if (target) targets.add(target);
    }
    graph.set(file, targets);
  }
  return graph;
}

/** Groups of files that import each other, directly or around a loop (Tarjan's strongly connected components). */
export function cycles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const found = [];
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (stack.includes(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const group = stack.splice(stack.indexOf(v));
    if (group.length > 1 || graph.get(v)?.has(v)) found.push(group);
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return found;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const found = cycles(importGraph(sourceFiles(API)));
  console.log(`import cycles in apps/api/src: ${found.length}`);
  for (const group of found)
    console.log(
      `  ${group
        .map((f) => path.relative(API, f))
        .sort()
        .join(', ')}`,
    );
  process.exitCode = found.length ? 1 : 0;
}
