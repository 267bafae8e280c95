import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { LazyArea } from './lazy-area';

export interface RouteHandle {
  /** page title; the innermost matched route's title is the page header (docs/spec.md §2) */
  title?: string;
  /**
   * The pages this screen links to (buttons and links it shows), relative to its parent route or
   * absolute; the link-walk test follows them, so a screen only a typed URL opens fails it.
   * Resource pages get theirs from `resourceRoutes`.
   */
  links?: readonly string[];
}

export interface MenuEntry {
  /** path relative to the role's base path ('' is the role home); a group's own path is never a link */
  path: string;
  label: string;
  /** sub-entries shown as an expandable group (e.g. the report pages of an area); their paths are
   *  relative to the base path too */
  children?: MenuEntry[];
  /**
   * Other paths (relative to the base path) whose pages belong to this entry, for areas whose
   * screens live outside their own prefix (docs/spec.md §2: admin-user-management's children are admins/...).
   */
  also?: string[];
}

/** What every role remote exposes as `./routes`: its menu and its route table. */
export interface RoleModule {
  basePath: string;
  title: string;
  menu: MenuEntry[];
  /** what the role home needs at once: the home itself (and any tiny static page) */
  routes: RouteObject[];
  /** every other screen, one chunk per area file, fetched on the first visit (see lazy-area.ts) */
  areas?: LazyArea[];
  /** set by a build to show which build of the remote is live (used by the redeploy test) */
  buildLabel?: string;
  /** drawn in the frame's header beside the user (the balance of roles that pay); may be lazy, the frame suspends it */
  headerExtra?: ComponentType;
}
