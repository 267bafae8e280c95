import type { ReactNode } from 'react';
import type { RouteObject } from 'react-router';
import type { ListQueryArg, ListResult, ResourceDefinition } from '../types';
import type { ListQueryState, ResourceAccess } from '../resource-table';
import type { FormValues } from '../resource-form';

/** What an RTK Query trigger returns: `.unwrap()` resolves with the answer or rejects with the error. */
export interface Unwrappable {
  unwrap(): Promise<unknown>;
}

/** The shape of an RTK Query lazy list hook, e.g. `useLazyListCompaniesQuery`: its trigger reads any page. */
export type LazyListHook<T> = () => readonly [
  (arg: ListQueryArg) => { unwrap(): Promise<ListResult<T>> },
  ...unknown[],
];

/** The shape of an RTK Query mutation hook, e.g. `useCreateCompanyMutation`. */
export type MutationHook<A> = () => readonly [(arg: A) => Unwrappable, { isLoading?: boolean }];

/** The parts of an RTK Query single-record result the pages read. */
export interface RecordQueryState<T> {
  data?: T;
  isLoading?: boolean;
  isFetching?: boolean;
  error?: unknown;
  refetch?: () => unknown;
}

/**
 * A resource bundle: the definition plus the hooks of its `<name>.api.ts`. Only what a role mounts
 * must be present (a list needs `useList`, an edit page `useGet` and `useUpdate`...).
 * `C` is the create body, `U` the patch body; `toCreate`/`toPatch` map form values to them
 * (by default the form values are sent as they are).
 */
export interface ResourceBundle<T, C = FormValues, U = C> {
  definition: ResourceDefinition<T>;
  useList?: (arg: ListQueryArg) => ListQueryState<T>;
  /** reads pages on demand; with it Export CSV covers every page of the current filter */
  useLazyList?: LazyListHook<T>;
  useGet?: (id: string) => RecordQueryState<T>;
  useCreate?: MutationHook<C>;
  useUpdate?: MutationHook<{ id: string; body: U }>;
  useDelete?: MutationHook<string>;
  /** one call for the selected rows, all or none (e.g. DELETE /did/mass_delete); without it they go one by one */
  useDeleteMany?: MutationHook<string[]>;
  toCreate?(values: FormValues): C;
  toPatch?(values: FormValues, record: T): U;
  /** the create form's starting values, e.g. `{ status: 'active', is_active: true }` */
  defaults?: FormValues;
  /** form values for a record on the edit page; by default its fields named like the form fields */
  toForm?(record: T): FormValues;
}

/** A link shown in every row of the list, e.g. `{ label: 'Accounts', to: (r) => `company-accounts/${r.id}` }`. */
export interface RowLink<T> {
  label: string;
  /** path relative to the resource's root route (the route that `resourceRoutes` returns) */
  to(row: T): string;
  /** shown only when the role holds this access key */
  access?: string;
}

/**
 * What one role may do with a resource: its data, never a copied component.
 * `keys` are the access keys the role holds: a column, form field or row link that names an
 * `access` key is shown only to roles holding it.
 */
export interface RoleAccess extends ResourceAccess {
  keys?: readonly string[];
}

/** A link to another page, relative to the resource root (or absolute). */
export interface PageLink {
  label: string;
  to: string;
}

/** A page in a resource's route: its path below the resource root and its page title (docs/spec.md §2). */
export interface PageRoute {
  path: string;
  title: string;
}

export interface ResourcePages<T> {
  /** the resource root's path in the role's route table, e.g. 'companies' */
  path: string;
  /** where the root redirects, e.g. 'company-list'; without it the root itself has no page */
  redirectTo?: string;
  /** the list; `path: ''` mounts it on the root itself (an index route) */
  list?: PageRoute;
  create?: PageRoute;
  /** must contain `:id`, e.g. 'edit-company/:id' */
  edit?: PageRoute;
  /**
   * after creating, open the new record's edit page (its id read from the create answer) instead of
   * going back to a list where a sorted, scrolled table may hide it
   */
  openCreated?: boolean;
  /** must contain `:id`, e.g. 'reseller/:id' */
  details?: PageRoute;
  rowLinks?: RowLink<T>[];
  /** shown above the list's table, e.g. a CSV import */
  listExtra?: ReactNode;
  /** shown under the details page's fields, e.g. a reseller's team (it reads the record's id from the route) */
  detailsExtra?: ReactNode;
  /** shown under the edit page's form, e.g. panels of the record's sub-resources */
  editExtra?: ReactNode;
  /** links shown above the list to the resource's other pages (e.g. an import, a manual payment) */
  listLinks?: PageLink[];
  /** the pages `editExtra` links to, relative to the resource root (for the link walk) */
  editLinks?: string[];
  /** fixed filters sent with every list call (not shown in the URL or the search form) */
  listArg?: Record<string, string | number | boolean>;
  /** buttons after each row's links (e.g. approve / reject), with the width they need */
  rowActions?(row: T): ReactNode;
  rowActionsWidth?: number;
  /** more pages below the same root (screens that are not list/form/details) */
  extra?: RouteObject[];
}
