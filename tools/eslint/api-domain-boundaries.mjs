// Domain boundaries inside apps/api/src: from outside a domain, only its index.ts may be imported.
// Shared layers (lib, db, plugins, testing, config, app, main) are open to all. Deep imports that
// existed when the rule came in are listed in api-deep-imports.json; that list only shrinks: when an
// import goes through the index, `node tools/eslint/api-domain-boundaries.mjs` names the entry to drop.
// The composition roots (app.ts, main.ts, domains.ts) may reach any module, and the db layer
// each domain's schema, migrations and seed (it assembles the database from them).
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(here, '../..');
const API = path.join(ROOT, 'apps/api/src');
/** Layers every domain may use in full. */
export const SHARED = new Set(['lib', 'db', 'plugins', 'testing', 'config.ts', 'app.ts', 'main.ts']);
/** Composition roots: they assemble the domains. */
const ROOTS = new Set(['app.ts', 'main.ts', 'domains.ts']);
/** What the db layer takes from each domain to assemble the database. */
const DB_PARTS = new Set(['schema', 'migrations', 'seed', 'tables']);
export const ALLOWED = new Set(JSON.parse(readFileSync(path.join(here, 'api-deep-imports.json'), 'utf8')));

const rel = (p) => path.relative(ROOT, p).split(path.sep).join('/');

/** The deep import a file makes with `source`, as "from -> to" (paths from the repository root), or null. */
export function deepImport(filename, source) {
  if (!source.startsWith('.')) return null;
  const abs = path.resolve(filename);
  if (!abs.startsWith(API + path.sep)) return null;
  const from = path.relative(API, abs).split(path.sep).join('/');
  if (ROOTS.has(from)) return null;
  const own = from.split('/')[0];
  const target = path.resolve(path.dirname(abs), source);
  if (!target.startsWith(API + path.sep) && target !== API) return null;
  const parts = path.relative(API, target).split(path.sep);
  const domain = parts[0];
  if (!domain || domain === own || SHARED.has(domain) || SHARED.has(`${domain}.ts`)) return null;
  // the domain itself (its index.ts) is the one way in
  if (parts.length === 1 || (parts.length === 2 && parts[1] === 'index')) return null;
  if (own === 'db' && parts.length === 2 && DB_PARTS.has(parts[1])) return null;
  return `${rel(abs)} -> ${rel(target)}`;
}

const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'import another API domain only through its index.ts' },
    messages: {
      deep: "'{{source}}' reaches past the {{domain}} domain's index.ts: export what you need from {{domain}}/index.ts and import '{{index}}'",
    },
    schema: [],
  },
  create(context) {
    const check = (node) => {
      const source = node.source && node.source.value;
      if (typeof source !== 'string') return;
      const found = deepImport(context.filename, source);
      if (!found || ALLOWED.has(found)) return;
      const target = found.split(' -> ')[1];
      const domain = target.replace(/^apps\/api\/src\//, '').split('/')[0];
      const up = path.relative(path.dirname(path.resolve(context.filename)), path.join(API, domain));
      context.report({
        node: node.source,
        messageId: 'deep',
        data: { source, domain, index: up.split(path.sep).join('/') },
      });
    };
    return {
      ImportDeclaration: check,
      ExportNamedDeclaration: check,
      ExportAllDeclaration: check,
      ImportExpression: check,
    };
  },
};

export const plugin = { rules: { 'domain-boundaries': rule } };

/** Every deep import in the API source today (used to keep api-deep-imports.json exact). */
export function scan() {
  const out = [];
  const walk = (dir) => {
    for (const name of readdirSync(dir)) {
      const p = path.join(dir, name);
      if (statSync(p).isDirectory()) walk(p);
      else if (/\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) && !/\.d\.ts$/.test(name)) {
        const text = readFileSync(p, 'utf8');
        for (const m of text.matchAll(/(?:^|\n)\s*(?:import|export)\s[^;]*?from\s+'([^']+)'/g)) {
          const d = deepImport(p, m[1]);
          if (d) out.push(d);
        }
        for (const m of text.matchAll(/import\('([^']+)'\)/g)) {
          const d = deepImport(p, m[1]);
          if (d) out.push(d);
        }
      }
    }
  };
  walk(API);
  return [...new Set(out)].sort();
}

// `node tools/eslint/api-domain-boundaries.mjs`: the count, and any listed import that no longer exists
if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const now = scan();
  const stale = [...ALLOWED].filter((e) => !now.includes(e));
  const extra = now.filter((e) => !ALLOWED.has(e));
  console.log(`deep imports across API domains: ${now.length} (allowlisted ${ALLOWED.size})`);
  if (stale.length) console.log(`no longer made, remove from api-deep-imports.json:\n  ${stale.join('\n  ')}`);
  if (extra.length) console.log(`not allowed (eslint fails on these):\n  ${extra.join('\n  ')}`);
  if (process.argv.includes('--write')) {
    const { writeFileSync } = await import('node:fs');
    writeFileSync(path.join(here, 'api-deep-imports.json'), JSON.stringify(now, null, 2) + '\n');
  }
  process.exitCode = stale.length || extra.length ? 1 : 0;
}
