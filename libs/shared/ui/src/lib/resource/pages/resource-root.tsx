import { createContext, useCallback, useContext } from 'react';
import { Outlet, useResolvedPath } from 'react-router';

const RootPath = createContext<string | null>(null);

/** The element of a resource's root route: remembers the root's address for its pages' links. */
export function ResourceRoot() {
  const { pathname } = useResolvedPath('.');
  return (
    <RootPath.Provider value={pathname}>
      <Outlet />
    </RootPath.Provider>
  );
}

/**
 * Turns a path relative to the resource root ('add-company', 'edit-company/7') into an address.
 * Absolute paths pass as they are; outside a ResourceRoot, relative paths stay relative.
 */
export function useResourcePath(): (path: string) => string {
  const root = useContext(RootPath);
  return useCallback(
    (path: string) => {
      if (path.startsWith('/') || root === null) return path;
      const base = root.endsWith('/') ? root.slice(0, -1) : root;
      return path ? `${base}/${path}` : base || '/';
    },
    [root],
  );
}

/** 'edit-company/:id' with id 7 → 'edit-company/7' (the id URL-encoded). */
export function withId(pattern: string, id: string | number): string {
  return pattern.replace(':id', encodeURIComponent(String(id)));
}
