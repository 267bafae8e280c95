import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { walkLinks } from './link-walk';

// The shapes of @smsc/shared-util's RouteTable and the ui kit's RoleModule, restated as far as these checks
// read them (a testing lib keeps to its own types).
interface Row {
  path: string;
  menu?: true;
  under?: string;
  area?: string;
  spec?: true | 'return';
}
interface Table {
  basePath: string;
  rows: Record<string, Row>;
  menu(): unknown[];
  specRoutes(kind?: true | 'return'): string[];
}
interface Entry {
  path: string;
  children?: Entry[];
}
interface TabledModule {
  basePath: string;
  menu: Entry[];
  routes: Parameters<typeof walkLinks>[0]['routes'];
  areas?: { paths: string[] }[];
}

const leaves = (menu: Entry[]): Entry[] => menu.flatMap((e) => (e.children?.length ? leaves(e.children) : [e]));

/** Paths two rows share, other than a group heading and a leaf of its own group (Bulk → Bulk report). */
export function duplicatePaths(rows: Record<string, Row>): string[] {
  const seen = new Map<string, string>();
  const twice: string[] = [];
  for (const [key, row] of Object.entries(rows)) {
    const other = seen.get(row.path);
    if (other !== undefined && rows[key].under !== other && rows[other].under !== key) twice.push(row.path);
    seen.set(row.path, key);
  }
  return twice;
}

/**
 * A role's menu, lazy areas and spec routes agree with its route table: they are read from it, every route
 * the areas mount sits at a row, every menu link and spec route opens a routed page once the areas are
 * loaded, and no two screens share a path.
 */
export function describeRouteTable<M extends TabledModule>(
  module: M,
  table: Table,
  specRoutes: readonly string[],
  withLoadedAreas: (module: M) => Promise<M>,
) {
  describe(`the route table of ${module.basePath}`, () => {
    it('is the module’s base path, menu and spec routes', () => {
      expect(module.basePath).toBe(table.basePath);
      expect(module.menu).toEqual(table.menu());
      expect([...specRoutes]).toEqual(table.specRoutes());
    });

    it('gives every lazy area exactly its rows marked with that area', () => {
      const declared = (module.areas ?? []).flatMap((a) => a.paths).sort();
      const tabled = Object.values(table.rows)
        .filter((r) => r.area)
        .map((r) => r.path)
        .sort();
      expect(declared).toEqual(tabled);
    });

    it('has no two screens on one path', () => {
      expect(duplicatePaths(table.rows)).toEqual([]);
    });

    it('mounts every route of the router at one of its rows (no screen outside the table)', async () => {
      const loaded = await withLoadedAreas(module);
      const paths = new Set(Object.values(table.rows).map((r) => r.path));
      const roots = loaded.routes.filter((r) => !r.index).map((r) => r.path ?? '');
      expect(roots.filter((path) => !paths.has(path))).toEqual([]);
    });

    it('routes every menu link and every spec route of the table', async () => {
      const walk = walkLinks(await withLoadedAreas(module));
      const wanted = [...leaves(module.menu).map((e) => e.path), ...table.specRoutes(), ...table.specRoutes('return')];
      expect(wanted.filter((path) => walk.patternOf(path) === undefined)).toEqual([]);
    });
  });
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.tsx?$/.test(name) && !/\.spec\.tsx?$/.test(name) ? [path] : [];
  });
}

export interface RawRoute {
  file: string;
  literal: string;
}

/**
 * The role route strings written out in these sources instead of read from the route table: a string
 * literal that is one of the table's paths (a segment or more, the home's '' aside) or an address under
 * the role's base path. `except` names the files allowed to hold them (the table itself).
 */
export function rawRouteLiterals(dirs: readonly string[], table: Table, except: readonly string[] = []): RawRoute[] {
  const paths = new Set(
    Object.values(table.rows)
      .map((r) => r.path)
      .filter(Boolean),
  );
  const base = `${table.basePath}/`;
  return dirs
    .flatMap(sources)
    .filter((file) => !except.some((name) => file.endsWith(name)))
    .flatMap((file) =>
      // a key given to the table (`routes.path('dids')`, `below('x', 'dids')`, `areaPaths('dids')`) names a row or
      // a chunk: it is the way to read a path, not a path written out
      [
        ...readFileSync(file, 'utf8').matchAll(
          /(\.(?:to|path|pattern|areaPaths)\(\s*|\.below\([^,()]*,\s*|\.below\(\s*)?(['"`])([^'"`\n]*?)\2/g,
        ),
      ]
        .filter((m) => !m[1])
        .map((m) => m[3])
        .filter((literal) => paths.has(literal) || literal.startsWith(base))
        .map((literal) => ({ file, literal })),
    );
}
