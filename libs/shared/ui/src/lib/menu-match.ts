import type { MenuEntry } from './role-module';

/** The absolute address a menu entry links to. */
export function menuHref(basePath: string, path: string): string {
  return path ? `${basePath}/${path}` : basePath;
}

function covers(basePath: string, path: string, pathname: string): boolean {
  const href = menuHref(basePath, path);
  // the role home entry ('') must select only the home itself, not every page below it
  if (!path) return pathname === href || pathname === `${href}/`;
  return pathname === href || pathname.startsWith(`${href}/`);
}

export interface MenuMatch {
  entry: MenuEntry;
  /** the link's address, used as the menu key */
  key: string;
  /** keys of the groups that contain the entry, outermost first */
  parents: string[];
}

/**
 * The menu entry the current address belongs to: the leaf with the longest matching path, so
 * /system-admin/reporting/number selects "Number" rather than its group.
 */
export function matchMenu(menu: MenuEntry[], basePath: string, pathname: string): MenuMatch | undefined {
  let best: (MenuMatch & { length: number }) | undefined;
  const visit = (entries: MenuEntry[], parents: string[]) => {
    for (const entry of entries) {
      const key = menuHref(basePath, entry.path);
      if (entry.children?.length) {
        visit(entry.children, [...parents, groupKey(key)]);
        continue;
      }
      for (const path of [entry.path, ...(entry.also ?? [])]) {
        const length = menuHref(basePath, path).length;
        if (covers(basePath, path, pathname) && (!best || length > best.length)) best = { entry, key, parents, length };
      }
    }
  };
  visit(menu, []);
  if (!best) return undefined;
  const { length: _ignored, ...match } = best;
  return match;
}

/** Groups get their own key space: a group and a leaf may share a path prefix. */
export function groupKey(href: string): string {
  return `group:${href}`;
}
