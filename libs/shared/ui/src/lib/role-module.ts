import type { RouteObject } from 'react-router';

export interface RouteHandle {
  /** page title; the innermost matched route's title is the page header (spec §2) */
  title?: string;
}

export interface MenuEntry {
  /** path relative to the role's base path ('' is the role home) */
  path: string;
  label: string;
}

/** What every role remote exposes as `./routes`: its menu and its route table. */
export interface RoleModule {
  basePath: string;
  title: string;
  menu: MenuEntry[];
  routes: RouteObject[];
  /** set by a build to show which build of the remote is live (used by the redeploy test) */
  buildLabel?: string;
}
