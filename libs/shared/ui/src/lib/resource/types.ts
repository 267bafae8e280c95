import type { ReactNode } from 'react';
import type { FormRule } from 'antd';

export type SortDir = 'asc' | 'desc';
/**
 * 'days': a time column filtered by a range of calendar days in the account's zone; the URL keeps the
 * days as `<key>_gte` and `<key>_lte` (YYYY-MM-DD), the list call gets the instants they start and end
 */
export type SearchKind = 'text' | 'select' | 'boolean' | 'days';

export interface SelectOption {
  label: ReactNode;
  value: string | number;
}

/** One list column; `search` also puts a field for it in the list's search form. */
export interface ResourceColumn<T> {
  key: Extract<keyof T, string> | string;
  title: string;
  sortable?: boolean;
  search?: SearchKind;
  /** choices for a `select` search */
  options?: SelectOption[];
  render?: (value: unknown, row: T) => ReactNode;
  /** the value Export CSV writes, when the rendered text is not it (by default: the render's text) */
  csv?: (value: unknown, row: T) => unknown;
  /** an amount in the row's `currency` (USD without one): Export CSV writes it as a number beside a Currency column */
  money?: boolean;
  width?: number;
  /**
   * an instant (a time something happened or will): its title names the account's zone, "Created
   * (Europe/Berlin)", and without a render it shows through formatDateTime, in that zone
   */
  dateTime?: boolean;
  /** kept in view at the right edge while a wide list scrolls (a row's own action, e.g. Details); last columns only */
  fixed?: 'right';
  /** long text cut to one line with an ellipsis (the whole text in its tooltip), so the row stays one line high */
  ellipsis?: boolean;
  /** hidden until the user turns it on in the column settings */
  hideInTable?: boolean;
  /** shown only to roles holding this access key, or any one of these keys (see RoleAccess.keys) */
  access?: string | readonly string[];
  /**
   * kept on a phone-wide screen: the first column, the status columns (see `keepsOnPhone`) and the
   * actions stay; the rest wait for a wider screen unless marked 'high'
   */
  priority?: 'high';
}

export type FormFieldKind =
  | 'text'
  | 'email'
  | 'password'
  | 'number'
  | 'select'
  | 'switch'
  | 'textarea'
  /** a calendar with the time; the form holds an ISO instant */
  | 'datetime'
  /** a calendar day; the form holds 'YYYY-MM-DD' */
  | 'date';

export interface FormFieldDef {
  name: string;
  label: string;
  kind: FormFieldKind;
  required?: boolean;
  /** extra antd rules, checked after the ones built from required/maxLength/min/max */
  rules?: FormRule[];
  maxLength?: number;
  min?: number;
  max?: number;
  options?: SelectOption[];
  /** a `switch` field's words for off and on, shown beside the switch ("Off" / "On") */
  switchLabels?: [off: string, on: string];
  placeholder?: string;
  /** a sentence under the field saying what it means or does (a component when it shows a figure loaded at run time) */
  help?: ReactNode;
  /** a placeholder that depends on the record being edited (e.g. only "leave empty to keep" when something is stored) */
  placeholderFor?: (initial: Record<string, unknown> | undefined, mode: 'create' | 'edit') => string | undefined;
  /** the browser's autofill hint (HTML autocomplete); passwords default to new-password, emails to email */
  autoComplete?: string;
  /** shown only when creating */
  createOnly?: boolean;
  /** shown only when editing */
  editOnly?: boolean;
  /** shown but not editable (a text field showing a figure the form does not save) */
  readOnly?: boolean;
  /** shown only to roles holding this access key, or any one of these keys (see RoleAccess.keys) */
  access?: string | readonly string[];
  /**
   * choices loaded at run time (a `select` field), e.g. resellers from the API; called as a hook
   * inside the field's own component, so it may use RTK Query hooks. With `failed` (nothing could be
   * loaded) the picker says so and offers `retry` (lookup-select.tsx)
   */
  useOptions?: () => { options: SelectOption[]; loading?: boolean; failed?: boolean; retry?: () => void };
  /**
   * choices searched on the server as the user types (a `select` field over a list too long to load
   * whole, e.g. mobile networks): called as a hook with the typed text (debounced) and the field's
   * current value, whose own option it must include so a stored choice shows its label
   */
  useSearchOptions?: (search: string, value: unknown) => { options: SelectOption[]; loading?: boolean };
}

/** A resource described once as data; every role mounts the same list and form pages for it. */
export interface ResourceDefinition<T> {
  /** machine name: used for storage keys, file names and test ids */
  name: string;
  /** plural title, e.g. 'Companies' */
  title: string;
  /** singular, e.g. 'Company' */
  singular: string;
  idField: Extract<keyof T, string> | string;
  columns: ResourceColumn<T>[];
  formFields: FormFieldDef[];
  defaultSort?: { order_by: string; order_dir: SortDir };
  /** default page size; 10 unless given (docs/spec.md §9) */
  perPage?: number;
  /** the toast after a create, from the created record (e.g. a value the server chose); "<singular> created" otherwise */
  createdMessage?(created: T): string;
  /** what an empty list says when no filter is set (a list whose rows come by themselves says when they will) */
  emptyText?: string;
}

/** A list answer of docs/spec.md §7. */
export interface ListResult<T> {
  items: T[];
  total: number;
  per_page: number;
}

/** The argument sent to a list endpoint: page from 0, per_page, order and the search filters. */
export interface ListQueryArg {
  page: number;
  per_page: number;
  order_by?: string;
  order_dir?: SortDir;
  [filter: string]: string | number | boolean | undefined;
}
