// One table per role (docs/client-architecture.md): every screen's path relative to the role's base
// path, the lazy area whose chunk holds it, its place in the menu and whether the spec lists it. The
// menu, the lazy areas' paths, the spec-route lists and every link are read from it, so a renamed path
// changes in one row and a key that names no row is a type error. Plain data: the e2e smoke reads it.

export interface RouteRow {
  /** relative to the role's base path ('' is the role home); ':name' segments are parameters */
  path: string;
  /** the menu's label (a menu row needs one) */
  label?: string;
  /** a top-level menu row: a link, or a group heading when other rows name it in `under` */
  menu?: true;
  /** a menu row inside the group of this key */
  under?: string;
  /** the lazy area whose chunk holds this path and every path below it */
  area?: string;
  /** other paths whose pages belong to this menu entry (screens outside its own prefix) */
  also?: readonly string[];
  /** listed among the role's spec routes (the link walk and the e2e smoke visit them); 'return' for
   *  pages no link leads to (a payment provider sends the browser back to them) */
  spec?: true | 'return';
}

/** The menu's shape (structurally MenuEntry of @smsc/shared-ui, which this lib may not import). */
export interface RouteMenuEntry {
  path: string;
  label: string;
  children?: RouteMenuEntry[];
  also?: string[];
}

type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<Rest>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The parameters a path needs: none, or one value per ':name' segment. */
export type RouteParams<P extends string> = [ParamNames<P>] extends [never]
  ? []
  : [params: Record<ParamNames<P>, string | number>];

type AreaOf<T> = { [K in keyof T]: T[K] extends { area: infer A extends string } ? A : never }[keyof T];

export interface RouteTable<T extends Record<string, RouteRow>> {
  basePath: string;
  rows: T;
  /** a screen's address, its parameters filled in and encoded: `to('companyEdit', { id })` */
  to<K extends keyof T & string>(key: K, ...params: RouteParams<T[K]['path']>): string;
  /** a screen's absolute pattern, parameters left as ':name' (for props that fill them per row) */
  pattern<K extends keyof T & string>(key: K): string;
  /** a screen's path relative to the role's base (a route's `path`) */
  path<K extends keyof T & string>(key: K): T[K]['path'];
  /** a screen's path relative to another row's (a child route's `path` inside that row's route) */
  below<K extends keyof T & string>(key: K, parent: keyof T & string): string;
  /** the paths whose screens the lazy area holds, in table order */
  areaPaths(area: AreaOf<T>): string[];
  /** the menu, in table order */
  menu(): RouteMenuEntry[];
  /** the screens the spec lists (`spec: true`), or those no link leads to (`'return'`) */
  specRoutes(kind?: true | 'return'): string[];
}

const joined = (base: string, path: string) => (path ? `${base}/${path}` : base);

function fill(path: string, params: Record<string, string | number> = {}): string {
  return path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`route parameter ${name} missing for ${path}`);
    return encodeURIComponent(String(value));
  });
}

/** Builds a role's table; throws at load when a row names a group that is not a menu row. */
export function routeTable<const T extends Record<string, RouteRow>>(basePath: string, rows: T): RouteTable<T> {
  const entries = Object.entries(rows) as [string, RouteRow][];
  for (const [key, row] of entries) {
    if (row.under && !rows[row.under]?.menu) throw new Error(`route ${key}: group ${row.under} is not a menu row`);
    if ((row.menu || row.under) && !row.label) throw new Error(`route ${key}: a menu row needs a label`);
  }
  const row = (key: string): RouteRow => {
    const found = rows[key];
    if (!found) throw new Error(`no route ${key}`);
    return found;
  };
  const entry = ([key, r]: [string, RouteRow]): RouteMenuEntry => {
    const children = entries.filter(([, c]) => c.under === key).map(entry);
    return {
      path: r.path,
      label: r.label ?? '',
      ...(children.length ? { children } : {}),
      ...(r.also ? { also: [...r.also] } : {}),
    };
  };
  return {
    basePath,
    rows,
    to: (key, ...params) => joined(basePath, fill(row(key).path, params[0])),
    pattern: (key) => joined(basePath, row(key).path),
    path: (key) => row(key).path as never,
    below: (key, parent) => {
      const own = row(key).path;
      const prefix = row(parent).path;
      if (!prefix) return own;
      if (!own.startsWith(`${prefix}/`)) throw new Error(`route ${key} (${own}) is not below ${parent} (${prefix})`);
      return own.slice(prefix.length + 1);
    },
    areaPaths: (area) => entries.filter(([, r]) => r.area === area).map(([, r]) => r.path),
    menu: () => entries.filter(([, r]) => r.menu).map(entry),
    specRoutes: (kind = true) => entries.filter(([, r]) => r.spec === kind).map(([, r]) => r.path),
  };
}
